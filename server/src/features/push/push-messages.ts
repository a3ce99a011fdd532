import { createTranslator } from '../../platform/i18n/translator.js';

/** The texts of Web Push notifications, in the person's language (their Language setting). */
const en = {
  'push.ready':
    '{kind, select, video {Your video is ready} model {Your 3D object is ready} other {Your image is ready}}',
  'push.failed':
    '{kind, select, video {Your video could not be made} model {Your 3D object could not be made} other {Your image could not be made}}',
  'push.lowCredits.title': 'Your credits are running low',
  'push.lowCredits.body':
    '{balance, plural, one {# credit left.} other {# credits left.}} Top up or change plan to keep creating.',
};

export type TPushMessageId = keyof typeof en;

const es: Record<TPushMessageId, string> = {
  'push.ready':
    '{kind, select, video {Tu video está listo} model {Tu objeto 3D está listo} other {Tu imagen está lista}}',
  'push.failed':
    '{kind, select, video {No se pudo crear tu video} model {No se pudo crear tu objeto 3D} other {No se pudo crear tu imagen}}',
  'push.lowCredits.title': 'Te quedan pocos créditos',
  'push.lowCredits.body':
    '{balance, plural, one {Te queda # crédito.} other {Te quedan # créditos.}} Recarga o cambia de plan para seguir creando.',
};

const fr: Record<TPushMessageId, string> = {
  'push.ready':
    '{kind, select, video {Votre vidéo est prête} model {Votre objet 3D est prêt} other {Votre image est prête}}',
  'push.failed':
    '{kind, select, video {Votre vidéo n’a pas pu être créée} model {Votre objet 3D n’a pas pu être créé} other {Votre image n’a pas pu être créée}}',
  'push.lowCredits.title': 'Vos crédits sont presque épuisés',
  'push.lowCredits.body':
    '{balance, plural, one {Il vous reste # crédit.} other {Il vous reste # crédits.}} Rechargez ou changez de forfait pour continuer à créer.',
};

const de: Record<TPushMessageId, string> = {
  'push.ready':
    '{kind, select, video {Dein Video ist fertig} model {Dein 3D-Objekt ist fertig} other {Dein Bild ist fertig}}',
  'push.failed':
    '{kind, select, video {Dein Video konnte nicht generiert werden} model {Dein 3D-Objekt konnte nicht generiert werden} other {Dein Bild konnte nicht generiert werden}}',
  'push.lowCredits.title': 'Deine Credits werden knapp',
  'push.lowCredits.body':
    '{balance, plural, one {Noch # Credit übrig.} other {Noch # Credits übrig.}} Lade auf oder wechsle den Tarif, um weiter zu erstellen.',
};

const zh: Record<TPushMessageId, string> = {
  'push.ready': '{kind, select, video {你的视频已生成} model {你的 3D 物体已生成} other {你的图片已生成}}',
  'push.failed':
    '{kind, select, video {你的视频未能生成} model {你的 3D 物体未能生成} other {你的图片未能生成}}',
  'push.lowCredits.title': '你的积分快用完了',
  'push.lowCredits.body': '{balance, plural, other {还剩 # 积分。}}充值或更换套餐即可继续创作。',
};

export const pushCatalogs = { en, es, fr, de, zh };
export const pushText = createTranslator<TPushMessageId>(pushCatalogs);
