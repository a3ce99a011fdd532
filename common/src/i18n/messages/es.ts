import type { TApiMessageId } from './en.js';

/** What the server says to people, in Spanish (tú). Same keys and placeholders as en.ts. */
export const es: Record<TApiMessageId, string> = {
  'api.error.VALIDATION_FAILED': 'La solicitud no es válida.',
  'api.error.BAD_REQUEST': 'Solicitud incorrecta.',
  'api.error.UNSUBSCRIBE_LINK_INVALID':
    'Este enlace para darte de baja no es válido. Usa el enlace de un correo reciente de Kaleido o desactiva los correos en Configuración → Notificaciones.',
  'api.error.AUTHENTICATION_REQUIRED': 'Tienes que iniciar sesión',
  'api.error.USER_NOT_AUTHENTICATED': 'No has iniciado sesión',
  'api.error.AUTHENTICATION_FAILED': 'No se pudo verificar tu identidad. Inténtalo de nuevo.',
  'api.error.SOCIAL_LOGIN_FAILED': 'No se pudo iniciar sesión con Google. Inténtalo de nuevo.',
  'api.error.TWO_FACTOR_CHALLENGE_EXPIRED': 'El inicio de sesión tardó demasiado. Vuelve a iniciar sesión.',
  'api.error.LOGIN_REQUIRED_IMAGE': 'Inicia sesión para generar imágenes',
  'api.error.LOGIN_REQUIRED_VIDEO': 'Inicia sesión para generar videos',
  'api.error.INSUFFICIENT_CREDITS': 'No tienes créditos suficientes.',
  'api.error.PAYMENT_DECLINED': 'Se rechazó tu tarjeta.',
  'api.error.FORBIDDEN': 'No tienes permiso para hacer esto.',
  'api.error.INSUFFICIENT_SCOPE': 'Esta clave de API no tiene el permiso que necesita esta llamada.',
  'api.error.CROSS_SITE_REQUEST': 'Se ha rechazado una solicitud entre sitios.',
  'api.error.INTEGRATIONS_DISABLED':
    'Las integraciones están desactivadas en esta cuenta. Actívalas en Configuración → Integraciones para usar tu clave de API personal.',
  'api.error.DEBUG_MODE_OFF':
    'El diagnóstico solo se muestra con el modo de depuración activado. Actívalo en Configuración → Avanzado.',
  'api.error.ACCOUNT_DISABLED':
    'Esta cuenta está desactivada. Ponte en contacto con la administración de este sitio.',
  'api.error.API_KEY_NOT_ALLOWED':
    'Las claves de API no sirven para administrar. Inicia sesión como administrador.',
  'api.error.ADMIN_SECOND_FACTOR_REQUIRED':
    'Los administradores deben activar antes el inicio de sesión en dos pasos: Configuración → Seguridad.',
  'api.error.LAST_ADMINISTRATOR': 'Eres el único administrador: primero nombra administrador a otra persona.',
  'api.error.NOT_FOUND': 'No encontrado',
  'api.error.ROUTE_NOT_FOUND': 'No encontrado',
  'api.error.PROFILE_NOT_FOUND': 'No se encontró el perfil.',
  'api.error.UNSUBSCRIBE_ACCOUNT_GONE':
    'La cuenta de este enlace para darte de baja ya no existe, así que ya no recibe correos.',
  'api.error.METHOD_NOT_ALLOWED': 'Método no permitido',
  'api.error.CONFLICT': 'Conflicto',
  'api.error.RESULT_EXPIRED':
    'Este resultado no se guardó y se eliminó a los 7 días. Ya no se puede guardar.',
  'api.error.HANDLE_TAKEN': 'Ese nombre de usuario ya está ocupado. Elige otro.',
  'api.error.PAYLOAD_TOO_LARGE': 'El cuerpo de la solicitud es demasiado grande.',
  'api.error.UNSUPPORTED_MEDIA_TYPE': 'Tipo de contenido no admitido.',
  'api.error.RATE_LIMITED': 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.',
  'api.error.GENERATION_FAILED_IMAGE': 'No se pudo generar la imagen',
  'api.error.GENERATION_FAILED_VIDEO': 'No se pudo generar el video',
  'api.error.GENERATION_FAILED_MODEL': 'No se pudo generar el objeto 3D',
  'api.error.GENERATION_CANCELLED': 'La generación se canceló antes de terminar; no se usaron créditos.',
  'api.error.CONTENT_BLOCKED':
    'Esta descripción contiene palabras que este sitio no permite. Cámbiala y vuelve a intentarlo; no se ha usado ningún crédito.',
  'api.error.MODEL_NOT_ALLOWED': 'Tu plan no puede usar este modelo. Elige otro modelo o cambia de plan.',
  'api.error.ALREADY_REPORTED': 'Ya has denunciado este elemento.',
  'api.error.SIGNUPS_CLOSED': 'Los registros están cerrados en este sitio.',
  'api.error.INVITE_REQUIRED':
    'En este sitio solo puedes registrarte con invitación: abre el enlace de invitación que recibiste.',
  'api.error.INVITE_INVALID':
    'Este enlace de invitación ha caducado, ya se ha usado todas las veces posibles o se ha revocado. Pide uno nuevo.',
  'api.error.INTERNAL': 'Se produjo un error desconocido',
  'api.error.HEALTH_CHECK_FAILED': 'La comprobación de estado ha fallado',
  'api.error.SERVICE_UNAVAILABLE': 'El servicio no está disponible. Inténtalo de nuevo en unos instantes.',

  'api.request.invalidJson': 'El cuerpo JSON no es válido.',
  'api.request.invalidCursor': 'El cursor no es válido.',
  'api.request.routeNotFound': 'No existe la ruta {method} {path}',
  'api.request.methodNotAllowed': '{method} no está permitido en {path}; se permite: {allowed}',
  'api.request.idempotencyKeyInvalid': 'La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres.',

  'api.auth.nameRequired': 'Escribe tu nombre completo.',
  'api.auth.nameTooLong': 'El nombre puede tener como máximo {max} caracteres.',
  'api.auth.emailInvalid': 'Escribe una dirección de correo electrónico válida.',
  'api.auth.passwordRequired': 'Escribe tu contraseña.',
  'api.auth.passwordTooShort': 'La contraseña debe tener al menos {min} caracteres.',
  'api.auth.passwordTooLong': 'La contraseña puede tener como máximo {max} caracteres.',
  'api.auth.invalidCredentials': 'El correo electrónico o la contraseña no son correctos.',
  'api.auth.emailTaken': 'Ya existe una cuenta con este correo electrónico.',
  'api.auth.resetLinkInvalid': 'Este enlace para restablecer la contraseña no es válido o ha caducado.',
  'api.auth.resetEmailSent':
    'Si existe una cuenta con ese correo, te hemos enviado un enlace para restablecer la contraseña.',
  'api.auth.passwordChanged': 'Tu contraseña se ha cambiado.',
  'api.auth.passwordReset': 'Tu contraseña se ha restablecido. Ya puedes iniciar sesión.',
  'api.auth.tooManyAttempts': 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  'api.auth.accountLocked':
    'Ha habido demasiados intentos fallidos de inicio de sesión en esta cuenta. Vuelve a intentarlo dentro de unos minutos.',
  'api.auth.socialNotConfigured':
    'El inicio de sesión con cuentas externas no está configurado en este servidor.',
  'api.auth.deleteConfirmWord': 'Escribe DELETE para confirmar.',
  'api.auth.reauthRequired': 'Escribe tu contraseña para confirmar.',
  'api.auth.currentPasswordIncorrect': 'La contraseña actual no es correcta.',
  'api.auth.passwordFieldsRequired': 'Completa todos los campos de contraseña.',
  'api.auth.socialReauthRequired': 'Vuelve a iniciar sesión con tu cuenta externa para confirmar.',
  'api.auth.adminOnly': 'Solo para administradores.',
  'api.auth.userNotFound': 'No se encontró el usuario',
  'api.auth.providerUnknown': 'Proveedor de inicio de sesión desconocido.',
  'api.auth.socialFailed': 'No se pudo iniciar sesión con {provider}. Inténtalo de nuevo.',
  'api.auth.socialNoVerifiedEmail':
    'Tu cuenta de {provider} no tiene ninguna dirección de correo verificada con la que iniciar sesión.',
  'api.auth.socialCancelled': 'Se ha cancelado el inicio de sesión.',
  'api.auth.socialUnavailable':
    'El inicio de sesión con {provider} no está disponible en este momento. Inténtalo de nuevo más tarde.',
  'api.auth.socialInterrupted':
    'El inicio de sesión ha tardado demasiado o se ha interrumpido. Inténtalo de nuevo.',
  'api.auth.popupTitle': 'Inicio de sesión en Kaleido',
  'api.auth.popupSignedIn': 'Has iniciado sesión. Ya puedes cerrar esta ventana.',
  'api.auth.popupFailed': 'No se pudo iniciar sesión.',
  'api.twoFactor.codeRequired': 'Escribe el código de tu app de autenticación.',
  'api.twoFactor.codeInvalid':
    'Ese código no es válido. Escribe el código actual de 6 dígitos de tu app de autenticación.',
  'api.twoFactor.recoveryCodeInvalid': 'Ese código de recuperación no es válido o ya se usó.',
  'api.twoFactor.notPending': 'Primero inicia la configuración de la app de autenticación.',
  'api.twoFactor.alreadyEnabled':
    'La verificación en dos pasos con una app de autenticación ya está activada.',
  'api.twoFactor.notEnabled': 'La verificación en dos pasos con una app de autenticación no está activada.',
  'api.twoFactor.passkeyFailed': 'No se pudo verificar la llave de acceso. Inténtalo de nuevo.',
  'api.twoFactor.passkeyUnknown':
    'Esta llave de acceso no está registrada en Kaleido. Inicia sesión con tu contraseña o usa otra llave de acceso.',
  'api.twoFactor.passkeyNameRequired': 'Escribe un nombre para la llave de acceso.',
  'api.twoFactor.passkeyNameTooLong':
    'El nombre de una llave de acceso puede tener como máximo {max} caracteres.',
  'api.twoFactor.passkeyLimit':
    'Puedes registrar como máximo {max} llaves de acceso. Elimina una para añadir otra.',
  'api.twoFactor.passkeyNotFound': 'No se encontró la llave de acceso.',
  'api.twoFactor.passkeysUnavailable': 'Las llaves de acceso no están disponibles en este servidor.',
  'api.twoFactor.popupSecondStep': 'Falta un paso: confirma el inicio de sesión en la ventana de Kaleido.',
  'api.settings.twoFactorManaged':
    'Activa o desactiva la verificación en dos pasos en Configuración → Seguridad.',

  'api.billing.cardNumberRequired': 'Escribe el número de la tarjeta.',
  'api.billing.cardNumberInvalid':
    'Este número de tarjeta no es válido. Revisa los dígitos e inténtalo de nuevo.',
  'api.billing.cardBrandUnsupported':
    'No aceptamos este tipo de tarjeta. Usa Visa, Mastercard, American Express o Discover.',
  'api.billing.expiryRequired': 'Escribe la fecha de caducidad con el formato MM/AA.',
  'api.billing.expiryInvalid': 'Escribe la fecha de caducidad con el formato MM/AA, por ejemplo, 04/29.',
  'api.billing.expiryPast': 'Esta tarjeta ha caducado. Revisa la fecha de caducidad.',
  'api.billing.cvcInvalid': 'El CVC son los 3 o 4 dígitos impresos en la tarjeta.',
  'api.billing.cvcAmex': 'Las tarjetas American Express tienen un CVC de 4 dígitos.',
  'api.billing.cardholderRequired': 'Escribe el nombre que aparece en la tarjeta.',
  'api.billing.cardholderTooLong': 'El nombre de la tarjeta puede tener como máximo 100 caracteres.',
  'api.billing.addressFieldRequired':
    '{field, select, name {El nombre completo es obligatorio} email {El correo electrónico es obligatorio} address {La dirección es obligatoria} city {La ciudad es obligatoria} state {El estado o la provincia es obligatorio} zipCode {El código postal es obligatorio} country {El país es obligatorio} other {Este campo es obligatorio}}.',
  'api.billing.addressFieldTooLong':
    '{field, select, name {El nombre completo} email {El correo electrónico} address {La dirección} city {La ciudad} state {El estado o la provincia} zipCode {El código postal} country {El país} other {Este campo}} puede tener como máximo 200 caracteres.',
  'api.billing.emailInvalid': 'Escribe una dirección de correo electrónico válida.',
  'api.billing.countryInvalid': 'Elige uno de estos países: {countries}.',
  'api.billing.cardDeclined': 'Se rechazó tu tarjeta.',
  'api.billing.insufficientFunds': 'Tu tarjeta no tiene fondos suficientes.',
  'api.billing.cardExpiredDecline': 'Tu tarjeta ha caducado.',
  'api.billing.cvcCheckFailed': 'El código de seguridad de tu tarjeta no es correcto.',
  'api.billing.processingError':
    'Se produjo un error al procesar tu tarjeta. Inténtalo de nuevo dentro de un rato.',
  'api.billing.paymentMethodRequired': 'Añade una tarjeta antes de comprar.',
  'api.billing.paymentMethodNotFound': 'No se encontró el método de pago.',
  'api.billing.unknownPack': 'Paquete de créditos desconocido.',
  'api.billing.samePlan': 'Ya tienes este plan.',
  'api.billing.purchaseInProgress': 'Esta compra ya se está procesando.',
  'api.billing.idempotencyMismatch': 'Esta clave de compra ya se ha usado para otra compra.',
  'api.billing.idempotencyKeyRequired': 'El campo idempotencyKey es obligatorio.',
  'api.billing.idempotencyKeyInvalid':
    'El campo idempotencyKey debe tener entre 8 y 100 caracteres: letras, dígitos, - o _.',
  'api.billing.cardAdded': 'Tarjeta añadida',
  'api.billing.cardRemoved': 'Tarjeta eliminada',
  'api.billing.addressSaved': 'Dirección de facturación guardada',

  'api.credits.insufficient':
    'No tienes créditos suficientes. Generar {type, select, image {una imagen} model {un objeto 3D} other {un video}} cuesta {price, plural, one {# crédito} other {# créditos}}.',
  'api.credits.balanceChanged': 'El saldo ha cambiado mientras tanto; inténtalo de nuevo.',

  'api.apiKeys.nameRequired': 'Escribe un nombre para tu clave de API',
  'api.apiKeys.nameTooLong': 'El nombre puede tener como máximo {max} caracteres.',
  'api.apiKeys.descriptionTooLong': 'La descripción puede tener como máximo {max} caracteres.',
  'api.apiKeys.planNotAllowed': 'El plan de tu cuenta no permite claves de API de este plan.',
  'api.apiKeys.keyRequired': 'Falta la clave de API. Envíala como "Authorization: Bearer \'<key>\'".',
  'api.apiKeys.keyInvalid': 'La clave de API no es válida.',
  'api.apiKeys.keyInactive': 'Esta clave de API está desactivada.',
  'api.apiKeys.imageNotAllowed': 'Esta clave de API no puede crear imágenes.',
  'api.apiKeys.readNotAllowed': 'Esta clave de API no puede consultar generaciones.',
  'api.apiKeys.videoNotAllowed': 'El plan de esta clave de API no incluye la generación de videos.',
  'api.apiKeys.allowanceExhausted':
    'No tienes créditos suficientes. Esta clave de API ha agotado su asignación mensual.',
  'api.apiKeys.idempotencyMismatch': 'Esta Idempotency-Key ya se ha usado con otra solicitud.',
  'api.apiKeys.rateLimited':
    'Esta clave de API ha superado su límite de solicitudes. Vuelve a intentarlo cuando pase el tiempo que indica la cabecera Retry-After.',
  'api.apiKeys.notFound': 'No se encontró la clave de API',
  'api.apiKeys.insufficientScope':
    'A esta clave de API le falta el permiso "{scope}" que necesita esta llamada. Agrégalo a la clave en la página Claves de API.',
  'api.apiKeys.scopesRequired': 'Elige al menos un permiso.',
  'api.apiKeys.keyExpired':
    'Esta clave de API caducó el {expiresAt}. Crea una clave nueva o cambia su caducidad en la página Claves de API.',
  'api.apiKeys.expiryInPast': 'La fecha de caducidad debe ser futura.',
  'api.apiKeys.spendCapInvalid':
    'El límite de gasto mensual debe ser un número entero de créditos entre 1 y {max}.',
  'api.apiKeys.spendCapReached':
    'Esta llamada superaría el límite de gasto mensual de la clave de API, de {cap} créditos ({spent} gastados este mes). Sube el límite en la página Claves de API o espera al mes que viene.',
  'api.apiKeys.graceInvalid': 'El periodo de gracia debe estar entre 0 y {max} horas (7 días).',
  'api.publicApi.durationInvalid': 'duration debe ser uno de estos valores: {durations}.',
  'api.publicApi.frameRateInvalid': 'frameRate debe ser uno de estos valores: {frameRates}.',

  'api.generation.promptRequired': 'Escribe una descripción.',
  'api.generation.promptTooLong': 'La descripción puede tener como máximo {max} caracteres.',
  'api.generation.durationInvalid': 'La duración debe ser uno de estos valores: {durations}.',
  'api.generation.frameRateInvalid':
    'La velocidad de fotogramas debe ser uno de estos valores: {frameRates}.',
  'api.generation.notFound': 'No se encontró la generación',
  'api.generation.onlyFinishedCanBeSaved': 'Solo se puede guardar una generación terminada.',
  'api.generation.unknownModel':
    'El modelo «{model}» no está disponible para {kind, select, image {imágenes} other {videos}}.',
  'api.generation.noModel':
    'No hay ningún modelo configurado que pueda crear {kind, select, image {imágenes} other {videos}}.',
  'api.generation.sizeUnsupported':
    '{model} no puede crear {kind, select, image {imágenes} other {videos}} de {width}×{height} (como máximo, {maxWidth}×{maxHeight}).',
  'api.generation.aspectRatioUnsupported':
    '{model} no puede crear {kind, select, image {imágenes} other {videos}} con relación de aspecto {aspectRatio} (admite {aspectRatios}).',
  'api.generation.durationUnsupported': '{model} no puede crear videos de {duration} segundos.',
  'api.generation.frameRateUnsupported': '{model} no puede crear videos a {frameRate} fps.',
  'api.generation.cancelled': 'Cancelada',
  'api.generation.timedOut':
    'La generación ha tardado demasiado y se ha detenido. Te hemos devuelto los créditos.',

  'api.library.assetNotFound': 'No se encontró la creación',
  'api.files.notFound': 'No se encontró el archivo o el enlace ha caducado.',

  'api.settings.videoLengthRange':
    'La duración predeterminada de los videos debe estar entre {min} y {max} segundos.',
  'api.settings.webhookUrl': 'La URL del webhook debe empezar por http:// o https://',
  'api.settings.webhookUrlPrivate':
    'La URL del webhook debe apuntar a una dirección pública: apunta a una dirección privada, local o reservada',
  'api.settings.twoFactorUnavailable': 'La verificación en dos pasos todavía no está disponible.',
  'api.settings.timezone': 'Zona horaria desconocida.',
  'api.settings.displayNameRequired': 'Escribe un nombre visible.',

  'api.experimental.off':
    'Esta herramienta es experimental: activa Funciones experimentales en Configuración para usarla.',

  'api.sharing.handleFormat':
    'Un nombre de usuario tiene entre 3 y 30 caracteres (letras minúsculas, dígitos, - y _) y empieza por una letra o un dígito.',
  'api.sharing.handleReserved': 'Ese nombre de usuario está reservado. Elige otro.',
  'api.sharing.handleTaken': 'Ese nombre de usuario ya está ocupado. Elige otro.',
  'api.sharing.profileNotFound': 'No se encontró el perfil.',
  'api.sharing.sharedHiddenHint':
    'Las creaciones compartidas aparecen cuando tu perfil es público o solo para miembros.',
  'api.sharing.saveBeforeSharing': 'Guarda este resultado en tu biblioteca antes de compartirlo.',
  'api.sharing.modelNotShared': 'Los objetos 3D son privados: la galería muestra imágenes y videos.',
  'api.sharing.audioNotShared': 'Los audios subidos son privados: la galería muestra imágenes y videos.',
  'api.analytics.propertiesTooLarge': 'Las propiedades del evento son demasiado grandes.',
  'api.analytics.pathInvalid': 'La ruta debe empezar por / y no puede llevar parámetros de consulta.',

  'api.email.unsubscribeTokenMissing': 'Al enlace para darte de baja le falta el token.',
  'api.webhooks.notFound': 'No existe ese webhook',
  'api.webhooks.bodyRequired': 'Se esperaba un cuerpo JSON',
  'api.webhooks.signatureRejected': 'Se ha rechazado la firma del webhook',
  'api.webhooks.noUrl': 'Configura una URL de webhook en Ajustes antes de enviar un evento de prueba',
  'api.webhooks.deliveryNotFound': 'No existe esa entrega de webhook',

  // Uploads and creative tools (TOOL_MESSAGES).
  'api.uploads.fileMissing': 'Elige un archivo para subir (campo multipart "file").',
  'api.uploads.tooLarge':
    'Este archivo es demasiado grande: {kind, select, image {las imágenes} video {los videos} other {los archivos de audio}} pueden tener como máximo {maxMegabytes} MB.',
  'api.uploads.unsupported':
    'Este tipo de archivo no es compatible. Sube una imagen (PNG, JPEG, WebP, AVIF, HEIC), un video (MP4, WebM, MOV) o un audio (WAV, MP3, M4A).',
  'api.uploads.corrupt': 'No se pudo leer este archivo: está dañado o incompleto.',
  'api.uploads.tooManyPixels': 'Esta imagen es demasiado grande: como máximo {maxMegapixels} megapíxeles.',
  'api.uploads.tooLong': 'Este archivo es demasiado largo: como máximo {maxSeconds} segundos.',
  'api.uploads.storageFull':
    'Tu almacenamiento está lleno ({limit}). Elimina algunos elementos de tu biblioteca o mejora tu plan.',
  'api.tools.sourceNotFound': 'No se encontró el elemento de origen en tu biblioteca.',
  'api.tools.sourceNotImage': 'Esta herramienta solo funciona con imágenes.',
  'api.tools.sourceNotVisual': 'Esta herramienta funciona con imágenes y videos, no con audio.',
  'api.tools.outputTooLarge':
    'El resultado tendría {width}×{height} píxeles, más de lo que este modelo puede crear ({max} px en el lado largo). Elige una escala menor o un origen más pequeño.',
  'api.tools.modeUnavailable':
    'Ningún modelo configurado puede hacer esto. Necesita un proveedor de IA: {providers}.',
  'api.tools.unknownModel': 'El modelo "{model}" no puede hacer esto.',
  'api.tools.promptRequired': 'Describe el cambio.',
  'api.tools.maskRequired': 'Pinta la zona que quieres cambiar.',
  'api.tools.maskInvalid': 'La máscara debe ser un PNG del mismo tamaño que la imagen.',
  'api.tools.styleRequired': 'Elige un estilo.',
  'api.tools.expandRequired': 'Elige una nueva relación de aspecto o unos márgenes.',
  'api.trainings.tooFewImages': 'Un entrenamiento necesita al menos {min} imágenes.',
  'api.trainings.tooManyImages': 'Un entrenamiento admite como máximo {max} imágenes.',
  'api.trainings.duplicateImages': 'Cada imagen solo se puede elegir una vez.',
  'api.trainings.notImage': 'Un entrenamiento solo aprende de imágenes; quita los videos y el audio.',
  'api.trainings.triggerWord':
    'La palabra clave es una sola palabra de letras y números (con guiones o guiones bajos en medio).',
  'api.trainings.unavailable':
    'Ningún proveedor configurado puede entrenar modelos. Necesita un proveedor de IA: {providers}.',
  'api.trainings.notFinished': 'Este entrenamiento sigue en curso. Cancélalo primero.',
  'api.trainings.finished': 'Este entrenamiento ya terminó.',
  'api.realtime.frameGone':
    'Este fotograma ya no está disponible. Dibuja o escribe para obtener uno nuevo y luego guárdalo.',
  'api.threeD.notImage': 'Elige una imagen (PNG, JPEG o WebP) para modelarla en 3D.',
  'api.threeD.imageNeedsProvider':
    'Modelar una imagen en 3D requiere un proveedor de IA ({providers}); el modelador sin conexión solo trabaja con la descripción.',
  'api.threeD.imageRequired': '{model} crea objetos 3D a partir de una imagen: elige una o cambia de modelo.',
  'api.lipsync.notVideo': 'Elige un video (MP4, WebM o MOV) para sincronizar los labios.',
  'api.lipsync.notAudio': 'Elige un archivo de audio (WAV, MP3 o M4A) para la voz.',
  'api.lipsync.tooLong':
    'El video sincronizado duraría {duration} segundos; este modelo hace como máximo {maxSeconds}. Acorta el audio o elige «Cortar» para terminar al final del video.',
  // The OpenAI-compatible image edits.
  'api.openai.imageMissing': 'Envía la imagen que quieres editar (campo multipart «image»).',
  'api.openai.oneImage': 'Envía una sola imagen para editar.',
  'api.openai.maskInvalid':
    'La máscara debe ser un PNG con transparencia del mismo tamaño que la imagen (sus píxeles transparentes son los que se cambian).',
  // The administrators' console (issue 20).
  'api.admin.amountZero': 'Introduce una cantidad distinta de cero.',
  'api.admin.belowZero': 'El saldo quedaría por debajo de cero: la cuenta tiene {balance} créditos.',
  'api.admin.selfDisable': 'No puedes desactivar tu propia cuenta.',
  'api.admin.jobNotCancellable': 'Solo se pueden cancelar trabajos en cola o en curso.',
  'api.admin.jobNotRetryable': 'Solo se pueden reintentar trabajos fallidos o cancelados.',
  'api.admin.jobNotFound': 'No se encontró el trabajo.',
  'api.admin.jobMaskGone':
    'La máscara de esta edición se borró al terminar el trabajo, así que no se puede reintentar: la persona puede volver a hacerla.',
  'api.admin.accountDisabledNoMail':
    'Esta cuenta está desactivada: actívala antes de enviar un restablecimiento de contraseña.',
  // Moderation and site settings (issue 20).
  'api.moderation.patternInvalid': 'No es una expresión regular válida: {term}',
  'api.moderation.itemNotFound': 'Este elemento no está compartido o ya no existe.',
  'api.moderation.notInQueue': 'Este elemento no tiene denuncias.',
  'api.siteSettings.unknownModel': 'Ningún modelo configurado tiene el id {model}.',
  'api.siteSettings.inviteNotFound': 'No se encontró la invitación.',
  'api.siteSettings.emailNotFound': 'No se encontró el correo de anuncio.',
};
