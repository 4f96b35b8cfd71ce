import type { Request } from 'express';
import { html, type Html } from '../html';

/** Every word the Connect page shows, per language: the tenant's `locale`, else the browser's. */
export interface ConnectText {
  connectTitle: string;
  connectIntro: string;
  continueWith: (platform: string) => string;
  cancelAndBack: (host: string) => string;
  backTo: (host: string) => string;
  accountId: (id: string) => string;
  alreadyActive: string;
  otherUser: string;
  noAccountsTitle: string;
  noAccountsText: (platform: string) => string;
  tryAgain: string;
  chooseAccountsTitle: (platform: string) => string;
  chooseAccountsIntro: (platform: string) => string;
  adAccounts: string;
  activate: string;
  chooseAnother: string;
  tickOne: string;
  connectedTitle: (platform: string) => string;
  readyToUse: string;
  closeOrBack: string;
  close: string;
  thePlatform: string;
  backToList: string;
  startAgain: string;
  linkUnknown: [string, string];
  linkExpired: [string, string];
  linkUsed: [string, string];
  noSession: [string, string];
  sessionExpired: [string, string];
  crossSite: [string, string];
  notConnected: [string, string];
  rateLimited: [string, string];
  unusable: [string, string];
  notFound: [string, string];
  broken: [string, string];
  unreadable: [string, string];
  denied: (platform: string) => [string, string];
  tooSlow: (platform: string) => [string, string];
  platformError: (platform: string, code: string) => [string, Html];
  /** `names`: "Name (ID n)" each; `many`: more than one. */
  takenTitle: (many: boolean) => string;
  takenText: (names: string, many: boolean) => string;
  refusedTitle: (platform: string) => string;
  refusedText: (names: string) => string;
}

const en: ConnectText = {
  connectTitle: 'Connect your ad accounts',
  connectIntro: 'Choose the platform your ad accounts are on. You will sign in there and allow access, then pick the accounts to use.',
  continueWith: (p) => `Continue with ${p}`,
  cancelAndBack: (h) => `Cancel and go back to ${h}`,
  backTo: (h) => `Back to ${h}`,
  accountId: (id) => `ID ${id}`,
  alreadyActive: 'Already active',
  otherUser: 'Connected by another user',
  noAccountsTitle: 'No ad accounts found',
  noAccountsText: (p) => `Your ${p} sign-in can reach no ad account. Sign in there with another login, or ask for access to the accounts, then try again.`,
  tryAgain: 'Try again',
  chooseAccountsTitle: (p) => `Choose your ${p} ad accounts`,
  chooseAccountsIntro: (p) => `These are the ad accounts your ${p} sign-in can reach. Tick the ones to use here.`,
  adAccounts: 'Ad accounts',
  activate: 'Activate the chosen accounts',
  chooseAnother: 'Choose another platform',
  tickOne: 'Tick at least one ad account.',
  connectedTitle: (p) => `${p} is connected`,
  readyToUse: 'These ad accounts are ready to use:',
  closeOrBack: 'You can close this window, or go back now.',
  close: 'You can close this window.',
  thePlatform: 'The platform',
  backToList: 'Back to the list',
  startAgain: 'Go back to the application you came from and start connecting again to get a new link.',
  linkUnknown: ['This link is not valid', 'It may have been copied only in part.'],
  linkExpired: ['This link has expired', 'A Connect link works for 30 minutes after it is made.'],
  linkUsed: ['This link was already used', 'A Connect link opens once, in one browser.'],
  noSession: ['This page needs its link', 'Open the Connect page from the application you came from. If you did, this browser may be refusing cookies from this site.'],
  sessionExpired: ['Your session has expired', 'You have 30 minutes to finish.'],
  crossSite: ['Form refused', 'This form was not sent from this page. Reload the page and try again.'],
  notConnected: ['No platform is connected yet', 'Choose a platform and sign in there first.'],
  rateLimited: ['Too many requests', 'Wait a minute, then reload this page.'],
  unusable: ['This choice is not available', 'Go back to the start and choose again.'],
  notFound: ['Page not found', 'There is no such page here.'],
  broken: ['Something went wrong', 'Nothing was changed. Try again in a minute.'],
  unreadable: ['This request could not be read', 'Go back and try again.'],
  denied: (p) => ['You did not allow access', `${p} was not given access to your ad accounts, so nothing was connected. You can try again, or go back.`],
  tooSlow: (p) => ['The sign-in took too long', `The ${p} sign-in has to be finished within 10 minutes, once. Start it again.`],
  platformError: (p, code) => [`${p} could not complete the connection`, html`${p} answered with an error (<code>${code}</code>), so nothing was connected. Try again in a minute.`],
  takenTitle: (many) => (many ? 'These ad accounts belong to someone else' : 'This ad account belongs to someone else'),
  takenText: (names, many) =>
    `${names} ${many ? 'are' : 'is'} already connected by another user of this application, so ${many ? 'they were' : 'it was'} not activated. Any other account you chose was activated.`,
  refusedTitle: (p) => `${p} refused some ad accounts`,
  refusedText: (names) => `${names} could not be activated. Any other account you chose was activated. Try again in a minute.`,
};

const fr: ConnectText = {
  connectTitle: 'Connectez vos comptes publicitaires',
  connectIntro: 'Choisissez la plateforme où se trouvent vos comptes publicitaires. Vous vous y connecterez et autoriserez l’accès, puis vous choisirez les comptes à utiliser.',
  continueWith: (p) => `Continuer avec ${p}`,
  cancelAndBack: (h) => `Annuler et revenir à ${h}`,
  backTo: (h) => `Revenir à ${h}`,
  accountId: (id) => `ID ${id}`,
  alreadyActive: 'Déjà actif',
  otherUser: 'Connecté par un autre utilisateur',
  noAccountsTitle: 'Aucun compte publicitaire trouvé',
  noAccountsText: (p) => `Votre connexion ${p} n’a accès à aucun compte publicitaire. Connectez-vous avec un autre identifiant ou demandez l’accès aux comptes, puis réessayez.`,
  tryAgain: 'Réessayer',
  chooseAccountsTitle: (p) => `Choisissez vos comptes publicitaires ${p}`,
  chooseAccountsIntro: (p) => `Voici les comptes publicitaires auxquels votre connexion ${p} a accès. Cochez ceux à utiliser ici.`,
  adAccounts: 'Comptes publicitaires',
  activate: 'Activer les comptes choisis',
  chooseAnother: 'Choisir une autre plateforme',
  tickOne: 'Cochez au moins un compte publicitaire.',
  connectedTitle: (p) => `${p} est connecté`,
  readyToUse: 'Ces comptes publicitaires sont prêts à l’emploi :',
  closeOrBack: 'Vous pouvez fermer cette fenêtre, ou revenir maintenant.',
  close: 'Vous pouvez fermer cette fenêtre.',
  thePlatform: 'La plateforme',
  backToList: 'Revenir à la liste',
  startAgain: 'Revenez à l’application d’où vous venez et relancez la connexion pour obtenir un nouveau lien.',
  linkUnknown: ['Ce lien n’est pas valide', 'Il n’a peut-être été copié qu’en partie.'],
  linkExpired: ['Ce lien a expiré', 'Un lien Connect est valable 30 minutes après sa création.'],
  linkUsed: ['Ce lien a déjà été utilisé', 'Un lien Connect s’ouvre une seule fois, dans un seul navigateur.'],
  noSession: ['Cette page a besoin de son lien', 'Ouvrez la page Connect depuis l’application d’où vous venez. Si c’est déjà le cas, ce navigateur refuse peut-être les cookies de ce site.'],
  sessionExpired: ['Votre session a expiré', 'Vous disposez de 30 minutes pour terminer.'],
  crossSite: ['Formulaire refusé', 'Ce formulaire n’a pas été envoyé depuis cette page. Rechargez la page et réessayez.'],
  notConnected: ['Aucune plateforme n’est encore connectée', 'Choisissez d’abord une plateforme et connectez-vous-y.'],
  rateLimited: ['Trop de demandes', 'Patientez une minute, puis rechargez cette page.'],
  unusable: ['Ce choix n’est pas disponible', 'Revenez au début et choisissez à nouveau.'],
  notFound: ['Page introuvable', 'Cette page n’existe pas.'],
  broken: ['Une erreur s’est produite', 'Rien n’a été modifié. Réessayez dans une minute.'],
  unreadable: ['Cette demande n’a pas pu être lue', 'Revenez en arrière et réessayez.'],
  denied: (p) => ['Vous n’avez pas autorisé l’accès', `${p} n’a pas reçu l’accès à vos comptes publicitaires, rien n’a donc été connecté. Vous pouvez réessayer ou revenir en arrière.`],
  tooSlow: (p) => ['La connexion a pris trop de temps', `La connexion à ${p} doit être terminée en 10 minutes, en une seule fois. Recommencez.`],
  platformError: (p, code) => [`${p} n’a pas pu terminer la connexion`, html`${p} a répondu par une erreur (<code>${code}</code>), rien n’a donc été connecté. Réessayez dans une minute.`],
  takenTitle: (many) => (many ? 'Ces comptes publicitaires appartiennent à quelqu’un d’autre' : 'Ce compte publicitaire appartient à quelqu’un d’autre'),
  takenText: (names, many) =>
    `${names} ${many ? 'sont' : 'est'} déjà connecté${many ? 's' : ''} par un autre utilisateur de cette application et n’${many ? 'ont' : 'a'} donc pas été activé${many ? 's' : ''}. Les autres comptes choisis ont été activés.`,
  refusedTitle: (p) => `${p} a refusé certains comptes publicitaires`,
  refusedText: (names) => `${names} n’a pas pu être activé. Les autres comptes choisis ont été activés. Réessayez dans une minute.`,
};

const es: ConnectText = {
  connectTitle: 'Conecta tus cuentas publicitarias',
  connectIntro: 'Elige la plataforma en la que están tus cuentas publicitarias. Iniciarás sesión allí y permitirás el acceso; después elegirás las cuentas que quieres usar.',
  continueWith: (p) => `Continuar con ${p}`,
  cancelAndBack: (h) => `Cancelar y volver a ${h}`,
  backTo: (h) => `Volver a ${h}`,
  accountId: (id) => `ID ${id}`,
  alreadyActive: 'Ya activa',
  otherUser: 'Conectada por otro usuario',
  noAccountsTitle: 'No se encontraron cuentas publicitarias',
  noAccountsText: (p) => `Tu sesión de ${p} no tiene acceso a ninguna cuenta publicitaria. Inicia sesión con otro usuario o pide acceso a las cuentas y vuelve a intentarlo.`,
  tryAgain: 'Volver a intentarlo',
  chooseAccountsTitle: (p) => `Elige tus cuentas publicitarias de ${p}`,
  chooseAccountsIntro: (p) => `Estas son las cuentas publicitarias a las que tiene acceso tu sesión de ${p}. Marca las que quieres usar aquí.`,
  adAccounts: 'Cuentas publicitarias',
  activate: 'Activar las cuentas elegidas',
  chooseAnother: 'Elegir otra plataforma',
  tickOne: 'Marca al menos una cuenta publicitaria.',
  connectedTitle: (p) => `${p} está conectado`,
  readyToUse: 'Estas cuentas publicitarias están listas para usar:',
  closeOrBack: 'Puedes cerrar esta ventana o volver ahora.',
  close: 'Puedes cerrar esta ventana.',
  thePlatform: 'La plataforma',
  backToList: 'Volver a la lista',
  startAgain: 'Vuelve a la aplicación de la que vienes y empieza la conexión de nuevo para obtener un enlace nuevo.',
  linkUnknown: ['Este enlace no es válido', 'Puede que solo se haya copiado en parte.'],
  linkExpired: ['Este enlace ha caducado', 'Un enlace de Connect funciona durante 30 minutos desde que se crea.'],
  linkUsed: ['Este enlace ya se ha usado', 'Un enlace de Connect se abre una sola vez, en un solo navegador.'],
  noSession: ['Esta página necesita su enlace', 'Abre la página de Connect desde la aplicación de la que vienes. Si ya lo hiciste, puede que este navegador rechace las cookies de este sitio.'],
  sessionExpired: ['Tu sesión ha caducado', 'Tienes 30 minutos para terminar.'],
  crossSite: ['Formulario rechazado', 'Este formulario no se envió desde esta página. Recarga la página y vuelve a intentarlo.'],
  notConnected: ['Todavía no hay ninguna plataforma conectada', 'Primero elige una plataforma e inicia sesión en ella.'],
  rateLimited: ['Demasiadas solicitudes', 'Espera un minuto y recarga esta página.'],
  unusable: ['Esta opción no está disponible', 'Vuelve al principio y elige de nuevo.'],
  notFound: ['Página no encontrada', 'Esta página no existe.'],
  broken: ['Algo ha fallado', 'No se ha cambiado nada. Vuelve a intentarlo en un minuto.'],
  unreadable: ['No se pudo leer esta solicitud', 'Vuelve atrás e inténtalo de nuevo.'],
  denied: (p) => ['No has permitido el acceso', `${p} no ha recibido acceso a tus cuentas publicitarias, así que no se ha conectado nada. Puedes volver a intentarlo o volver atrás.`],
  tooSlow: (p) => ['El inicio de sesión ha tardado demasiado', `El inicio de sesión en ${p} debe completarse en 10 minutos y una sola vez. Empieza de nuevo.`],
  platformError: (p, code) => [`${p} no pudo completar la conexión`, html`${p} respondió con un error (<code>${code}</code>), así que no se ha conectado nada. Vuelve a intentarlo en un minuto.`],
  takenTitle: (many) => (many ? 'Estas cuentas publicitarias pertenecen a otra persona' : 'Esta cuenta publicitaria pertenece a otra persona'),
  takenText: (names, many) =>
    `${names} ya ${many ? 'están conectadas' : 'está conectada'} por otro usuario de esta aplicación, así que no se ${many ? 'han' : 'ha'} activado. Las demás cuentas elegidas se han activado.`,
  refusedTitle: (p) => `${p} rechazó algunas cuentas publicitarias`,
  refusedText: (names) => `No se pudo activar ${names}. Las demás cuentas elegidas se han activado. Vuelve a intentarlo en un minuto.`,
};

const TEXTS = { en, fr, es } as const;
type ConnectLang = keyof typeof TEXTS;
const CONNECT_LANGUAGES = Object.keys(TEXTS) as ConnectLang[];

export interface Words {
  lang: ConnectLang;
  t: ConnectText;
}

const byTag = (tag: string | null | undefined): ConnectLang | undefined => {
  const base = tag?.toLowerCase().split(/[-_]/)[0];
  return base && base in TEXTS ? (base as ConnectLang) : undefined;
};

/**
 * The language of a Connect page: the session's `locale` when the tenant gave one we have (its
 * language subtag: `fr-CA` is French), else the browser's Accept-Language, else English.
 */
export function wordsFor(locale: string | null | undefined, req?: Request): Words {
  const fromBrowser = req ? req.acceptsLanguages(...CONNECT_LANGUAGES) : false;
  const lang = byTag(locale) ?? byTag(typeof fromBrowser === 'string' ? fromBrowser : undefined) ?? 'en';
  return { lang, t: TEXTS[lang] };
}
