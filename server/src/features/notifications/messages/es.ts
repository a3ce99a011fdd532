import type { TEmailMessageId } from './en.js';

/** Kaleido's e-mails in Spanish (tú). */
export const emailEs: Record<TEmailMessageId, string> = {
  'email.layout.greeting': 'Hola, {name}:',
  'email.layout.row': '{label}: {value}',
  'email.layout.settings': 'Configuración de correo',
  'email.layout.unsubscribe': 'Cancelar suscripción',
  'email.layout.reason.security':
    'Este es un aviso de seguridad: Kaleido siempre los envía, sea cual sea tu configuración de correo.',
  'email.layout.reason.notifications':
    'Recibes este correo porque tienes activadas las notificaciones por correo en tu configuración de Kaleido.',
  'email.layout.reason.marketing': 'Recibes este correo porque aceptaste recibir novedades de Kaleido.',

  'email.label.prompt': 'Descripción',
  'email.label.ended': 'Finalizado',
  'email.label.finished': 'Completado',
  'email.label.item': 'Concepto',
  'email.label.amount': 'Importe',
  'email.label.credits': 'Créditos',
  'email.label.invoice': 'Factura',
  'email.label.date': 'Fecha',
  'email.label.paidWith': 'Pagado con',
  'email.label.currentPlan': 'Plan actual',
  'email.label.newPlan': 'Nuevo plan',
  'email.label.takesEffect': 'Entra en vigor',
  'email.label.when': 'Cuándo',
  'email.label.ipAddress': 'Dirección IP',
  'email.label.device': 'Dispositivo',

  'email.jobFailed.title':
    '{kind, select, image {No se pudo crear tu imagen} model {No se pudo crear tu objeto 3D} other {No se pudo crear tu video}}',
  'email.jobFailed.fallback':
    '{kind, select, image {Kaleido no pudo terminar tu imagen.} model {Kaleido no pudo terminar tu objeto 3D.} other {Kaleido no pudo terminar tu video.}}',
  'email.jobFailed.reason.contentPolicy': 'Los filtros de seguridad del modelo rechazaron la descripción.',
  'email.jobFailed.reason.timeout': 'La generación tardó demasiado y se detuvo.',
  'email.jobFailed.reason.busy':
    'El proveedor del modelo está saturado o no está disponible en este momento.',
  'email.jobFailed.reason.invalidInput': 'El modelo no aceptó esta configuración.',
  'email.jobFailed.reason.outputExpired':
    'El resultado caducó en el proveedor antes de que Kaleido pudiera guardarlo.',
  'email.jobFailed.reason.interrupted': 'La generación se interrumpió.',
  'email.jobFailed.refund':
    'Los créditos reservados se han devuelto a tu saldo. Puedes volver a intentarlo con la misma descripción.',
  'email.jobFailed.action': 'Volver a intentarlo',

  'email.jobReady.title':
    '{kind, select, image {Tu imagen está lista} model {Tu objeto 3D está listo} other {Tu video está listo}}',
  'email.jobReady.inLibrary':
    '{kind, select, image {Kaleido ha terminado la imagen que pediste; ya está en tu biblioteca.} model {Kaleido ha terminado el objeto 3D que pediste; ya está en tu biblioteca.} other {Kaleido ha terminado el video que pediste; ya está en tu biblioteca.}}',
  'email.jobReady.unsaved':
    '{kind, select, image {Kaleido ha terminado la imagen que pediste. El guardado automático está desactivado: para conservarla, guárdala desde el historial del generador en un plazo de {days, plural, one {# día} other {# días}}.} other {Kaleido ha terminado el video que pediste. El guardado automático está desactivado: para conservarlo, guárdalo desde el historial del generador en un plazo de {days, plural, one {# día} other {# días}}.}}',
  'email.jobReady.openGenerator': 'Abrir el generador',
  'email.jobReady.openLibrary': 'Ver en tu biblioteca',

  'email.creditsLow.subject': 'Te quedan pocos créditos en Kaleido',
  'email.creditsLow.preheader': '{count, plural, one {Te queda # crédito.} other {Te quedan # créditos.}}',
  'email.creditsLow.heading': 'Te quedan pocos créditos',
  'email.creditsLow.body':
    '{count, plural, one {Te queda # crédito.} other {Te quedan # créditos.}} Compra un paquete de créditos o cambia de plan para seguir creando.',
  'email.creditsLow.action': 'Ver planes y paquetes',

  'email.receipt.subject': 'Recibo de Kaleido {number}',
  'email.receipt.heading.pack': 'Gracias por tu compra',
  'email.receipt.heading.plan': 'Ya tienes el plan {plan}',
  'email.receipt.heading.renewal': 'Tu plan {plan} se ha renovado',
  'email.receipt.body.pack': 'Tu paquete de créditos está pagado y ya puedes usar sus créditos.',
  'email.receipt.body.plan':
    'Tu mejora de plan está pagada y se aplica ya: hoy ha empezado un nuevo mes de facturación.',
  'email.receipt.body.renewal':
    'Tu plan se ha renovado un mes más y tus créditos mensuales se han restablecido.',
  'email.receipt.item.pack': '{credits, plural, one {# crédito} other {# créditos}}',
  'email.receipt.item.packBonus':
    '{credits, plural, one {# crédito} other {# créditos}} + {bonus, number} extra',
  'email.receipt.item.plan':
    'Mejora al plan {plan} ({credits, plural, one {# crédito mensual} other {# créditos mensuales}})',
  'email.receipt.item.renewal': 'Plan {plan}, renovación mensual',
  'email.receipt.credits.pack':
    '{total, plural, one {# crédito añadido} other {# créditos añadidos}} a tu saldo',
  'email.receipt.credits.packBonus':
    '{total, plural, one {# crédito añadido} other {# créditos añadidos}} a tu saldo ({credits, number} + {bonus, number} extra)',
  'email.receipt.credits.monthly': '{credits, plural, one {# crédito mensual} other {# créditos mensuales}}',
  'email.receipt.card': '{brand} terminada en {last4}',
  'email.billing.action.view': 'Ver facturación',
  'email.billing.action.update': 'Actualizar la facturación',

  'email.downgrade.subject': 'Tu plan cambia a {plan} el {date}',
  'email.downgrade.preheader': 'Mantienes {plan} hasta el final de este mes de facturación.',
  'email.downgrade.heading': 'Tu plan cambia a {plan}',
  'email.downgrade.body':
    'Mantienes el plan {from} y sus créditos hasta el final de este mes de facturación. A partir de entonces tendrás el plan {to}, con {credits, plural, one {# crédito mensual} other {# créditos mensuales}}. Este cambio no tiene ningún coste.',
  'email.downgrade.undo':
    '¿Cambiaste de opinión? Vuelve a elegir tu plan actual antes de esa fecha para conservarlo.',

  'email.planChanged.subject': 'Ahora tienes el plan {plan}',
  'email.planChanged.preheader': '{credits, plural, one {# crédito mensual.} other {# créditos mensuales.}}',
  'email.planChanged.body':
    'El cambio que programaste se ha aplicado con el nuevo mes de facturación: {credits, plural, one {# crédito mensual} other {# créditos mensuales}}. Conservas los créditos que compraste.',
  'email.renewalFailed.subject': 'No se pudo renovar tu plan {plan}',
  'email.renewalFailed.preheader': 'Tu cuenta ha pasado al plan {plan}.',
  'email.renewalFailed.body':
    'No pudimos cobrar el nuevo mes de facturación en tu tarjeta, así que tu cuenta ha pasado al plan {plan}, con {credits, plural, one {# crédito mensual} other {# créditos mensuales}}. Conservas los créditos que compraste.',
  'email.renewalFailed.bodyWithReason':
    'No pudimos cobrar el nuevo mes de facturación en tu tarjeta ({reason}), así que tu cuenta ha pasado al plan {plan}, con {credits, plural, one {# crédito mensual} other {# créditos mensuales}}. Conservas los créditos que compraste.',
  'email.renewalFailed.noCard': 'no hay ninguna tarjeta registrada',
  'email.renewalFailed.again':
    'Añade o actualiza una tarjeta y vuelve a elegir {plan} para recuperar sus créditos.',

  'email.security.passwordChanged.subject': 'Se ha cambiado tu contraseña de Kaleido',
  'email.security.passwordChanged.heading': 'Se ha cambiado tu contraseña',
  'email.security.passwordChanged.happened':
    'Se ha cambiado la contraseña de tu cuenta de Kaleido y se han cerrado tus demás sesiones.',
  'email.security.passwordReset.subject': 'Se ha restablecido tu contraseña de Kaleido',
  'email.security.passwordReset.heading': 'Se ha restablecido tu contraseña',
  'email.security.passwordReset.happened':
    'La contraseña de tu cuenta de Kaleido se ha restablecido con un enlace enviado por correo y se han cerrado todas las sesiones.',
  'email.security.twoFactorEnabled.subject': 'La verificación en dos pasos está activada',
  'email.security.twoFactorEnabled.heading': 'Se ha activado la verificación en dos pasos',
  'email.security.twoFactorEnabled.happened':
    'Ahora, para iniciar sesión en tu cuenta de Kaleido, necesitas un código de tu app de autenticación.',
  'email.security.twoFactorDisabled.subject': 'La verificación en dos pasos está desactivada',
  'email.security.twoFactorDisabled.heading': 'Se ha desactivado la verificación en dos pasos',
  'email.security.twoFactorDisabled.happened':
    'Para iniciar sesión en tu cuenta de Kaleido ya no se pide un código de tu app de autenticación.',
  'email.security.passkeyAdded.subject': 'Se ha añadido una nueva llave de acceso a tu cuenta de Kaleido',
  'email.security.passkeyAdded.heading': 'Se ha añadido una nueva llave de acceso',
  'email.security.passkeyAdded.happened':
    'Ahora se puede iniciar sesión en tu cuenta de Kaleido con una nueva llave de acceso.',
  'email.security.recoveryCodeUsed.subject': 'Se ha usado un código de recuperación de Kaleido',
  'email.security.recoveryCodeUsed.heading': 'Se ha iniciado sesión con un código de recuperación',
  'email.security.recoveryCodeUsed.happened':
    'Se ha usado uno de tus códigos de recuperación de un solo uso para iniciar sesión en tu cuenta de Kaleido.',
  'email.security.passkeyRemoved.subject': 'Se ha eliminado una llave de acceso de tu cuenta de Kaleido',
  'email.security.passkeyRemoved.heading': 'Se ha eliminado una llave de acceso',
  'email.security.passkeyRemoved.happened':
    'Una de tus llaves de acceso ya no puede iniciar sesión en tu cuenta de Kaleido.',
  'email.security.recoveryCodesRegenerated.subject':
    'Se han creado nuevos códigos de recuperación de Kaleido',
  'email.security.recoveryCodesRegenerated.heading': 'Se han creado nuevos códigos de recuperación',
  'email.security.recoveryCodesRegenerated.happened':
    'Tu cuenta tiene un nuevo conjunto de diez códigos de recuperación. Los códigos anteriores ya no funcionan.',
  'email.security.twoFactorReset.subject':
    'Se ha restablecido la verificación en dos pasos de tu cuenta de Kaleido',
  'email.security.twoFactorReset.heading': 'Un administrador ha restablecido tu verificación en dos pasos',
  'email.security.twoFactorReset.happened':
    'Un administrador ha eliminado tu app de autenticación, tus códigos de recuperación, tus llaves de acceso y tus dispositivos de confianza. Ahora inicias sesión solo con tu contraseña; puedes volver a configurar la verificación en dos pasos en Configuración.',
  'email.security.advice':
    'Si fuiste tú, no tienes que hacer nada. Si no, restablece tu contraseña ahora mismo y revisa tu cuenta.',
  'email.security.action': 'Revisar tu cuenta',

  'email.accountLinked.subject': 'Se ha vinculado el inicio de sesión con {provider} a tu cuenta de Kaleido',
  'email.accountLinked.heading': 'Se ha vinculado el inicio de sesión con {provider}',
  'email.accountLinked.happened':
    'Ahora puedes iniciar sesión en tu cuenta de Kaleido ({email}) con {provider}.',
  'email.accountLinked.passwordRemoved':
    'Esta dirección de correo aún no estaba verificada, así que se ha eliminado la contraseña de la cuenta y se han cerrado sus demás sesiones. Para volver a iniciar sesión con contraseña, elige «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
  'email.accountLinked.advice':
    'Si no fuiste tú, restablece tu contraseña y ponte en contacto con el administrador de Kaleido.',
  'email.accountLinked.action': 'Ir al inicio de sesión',

  // La URL de webhook de la cuenta se desactivó tras fallar.
  'email.webhookDisabled.subject': 'Se ha desactivado tu URL de webhook de Kaleido',
  'email.webhookDisabled.heading': 'Se han detenido los envíos del webhook',
  'email.webhookDisabled.happened':
    'Kaleido ha dejado de enviar eventos a {url}: todas las entregas han fallado durante varios días, o respondió 410 Gone.',
  'email.webhookDisabled.advice':
    'Comprueba que el receptor esté en línea y responda con un estado 2xx, y vuelve a guardar la URL en Ajustes para reanudar los envíos. El registro de entregas muestra cada intento.',
  'email.webhookDisabled.action': 'Abrir el registro de entregas',

  'email.passwordReset.subject': 'Restablece tu contraseña de Kaleido',
  'email.passwordReset.preheader': 'El enlace caduca en {minutes, plural, one {# minuto} other {# minutos}}.',
  'email.passwordReset.heading': 'Restablece tu contraseña',
  'email.passwordReset.asked':
    'Alguien (esperamos que tú) pidió restablecer la contraseña de tu cuenta de Kaleido.',
  'email.passwordReset.within':
    'Abre este enlace en {minutes, plural, one {# minuto} other {los próximos # minutos}} para elegir una nueva.',
  'email.passwordReset.ignore': 'Si no lo pediste tú, ignora este correo: tu contraseña no cambiará.',
  'email.passwordReset.action': 'Elegir una contraseña nueva',

  'email.unsubscribe.confirmTitle':
    '{setting, select, marketingEmails {¿Quieres dejar de recibir novedades y anuncios?} other {¿Quieres dejar de recibir correos de notificación?}}',
  'email.unsubscribe.confirmBody':
    '{setting, select, marketingEmails {Kaleido dejará de enviarte novedades y anuncios.} other {Kaleido dejará de escribirte sobre generaciones, créditos, recibos y cambios de plan. Los avisos de seguridad (cambios de contraseña y de inicio de sesión) se envían siempre.}}',
  'email.unsubscribe.button': 'Cancelar suscripción',
  'email.unsubscribe.doneTitle': 'Tu suscripción se ha cancelado',
  'email.unsubscribe.done':
    '{setting, select, marketingEmails {Ya no recibirás novedades ni anuncios. Puedes volver a activarlos cuando quieras en Configuración.} other {Ya no recibirás correos de notificación. Puedes volver a activarlos cuando quieras en Configuración.}}',
  'email.unsubscribe.errorTitle': 'Este enlace no funciona',
  'email.unsubscribe.openSettings': 'Abrir la configuración de correo',
};
