/**
 * The most common disposable (throw-away) address services and their alias domains, so that
 * `kite-elements/logic`'s business-email check refuses them without a network. Curated from the
 * services' own alias lists (Mailinator, Guerrilla Mail, Yopmail, 10 Minute Mail, Temp Mail,
 * Trashmail, Fake Mail Generator, ...); every entry is also in the full list the display API
 * serves in shards (test/shared/logic/validators.test.ts checks that), which stays the browser's check
 * for every other one. A sub-domain of an entry is refused too.
 */
export const BUILT_IN_DISPOSABLE_DOMAINS: ReadonlySet<string> = new Set([
  'mailinator.com', 'mailinator.net', 'mailinator.org', 'mailinator2.com', 'notmailinator.com', 'binkmail.com', 'bobmail.info',
  'chammy.info', 'devnullmail.com', 'letthemeatspam.com', 'mailinater.com', 'reallymymail.com', 'safetymail.info', 'sogetthis.com',
  'spamherelots.com', 'suremail.info', 'thisisnotmyrealemail.com', 'tradermail.info', 'veryrealemail.com', 'zippymail.info',
  'guerrillamail.com', 'guerrillamail.net', 'guerrillamail.org', 'guerrillamail.biz', 'guerrillamail.de', 'guerrillamail.info',
  'guerrillamailblock.com', 'sharklasers.com', 'grr.la', 'pokemail.net', 'spam4.me', 'yopmail.com', 'yopmail.fr', 'yopmail.net',
  'cool.fr.nf', 'jetable.fr.nf', 'courriel.fr.nf', 'moncourrier.fr.nf', 'monemail.fr.nf', 'monmail.fr.nf', 'nospam.ze.tc', 'nomail.xl.cx',
  'mega.zik.dj', 'speed.1s.fr', '10minutemail.com', '10minutemail.net', '10minutemail.co.uk', '10minutemail.de', '20minutemail.com',
  '20minutemail.it', 'temp-mail.org', 'temp-mail.io', 'temp-mail.ru', 'tempmail.com', 'tempmail.net', 'tempmail.dev', 'tempmail.de',
  'tempmailo.com', 'tempr.email', 'tempinbox.com', 'tempail.com', 'tempmailaddress.com', 'tempemail.net', 'temporaryemail.net',
  'temporaryinbox.com', 'throwawaymail.com', 'trashmail.com', 'trashmail.de', 'trashmail.net', 'trashmail.me', 'trashmail.at',
  'trashmail.io', 'trash-mail.com', 'getnada.com', 'nada.email', 'dispostable.com', 'maildrop.cc', 'mailnesia.com', 'mailcatch.com',
  'mintemail.com', 'mohmal.com', 'mytemp.email', 'emailondeck.com', 'fakeinbox.com', 'fakemailgenerator.com', 'getairmail.com',
  'harakirimail.com', 'incognitomail.org', 'jetable.org', 'mailexpire.com', 'mailforspam.com', 'mailmetrash.com', 'mailnull.com',
  'mailsac.com', 'meltmail.com', 'mytrashmail.com', 'no-spam.ws', 'objectmail.com', 'onewaymail.com', 'spamavert.com', 'spambog.com',
  'spambox.us', 'spamex.com', 'spamfree24.org', 'spamgourmet.com', 'spamhole.com', 'spaml.com', 'spammotel.com', 'spamspot.com',
  'tempomail.fr', 'wegwerfmail.de', 'wegwerfmail.net', 'wegwerfmail.org', 'whyspam.me', '33mail.com', 'anonbox.net', 'anonymbox.com',
  'burnermail.io', 'discard.email', 'discardmail.com', 'discardmail.de', 'dropmail.me', 'emailfake.com', 'fexbox.org', 'inboxkitten.com',
  'mail-temp.com', 'mail.tm', 'mailpoof.com', 'minuteinbox.com', 'moakt.com', 'owlymail.com', 'teml.net', 'tmail.ws', 'tmpmail.net',
  'tmpmail.org', 'tmpeml.com', '1secmail.com', '1secmail.net', '1secmail.org', 'mailnator.com', 'spamgourmet.net', 'spamgourmet.org',
  'trbvm.com', 'mvrht.com', 'emailtemporanea.net', 'linshiyouxiang.net', 'mailtemp.net', 'mailinator.us', '0-mail.com', '0815.ru',
  'armyspy.com', 'cuvox.de', 'dayrep.com', 'einrot.com', 'fleckens.hu', 'gustr.com', 'jourrapide.com', 'rhyta.com', 'superrito.com',
  'teleworm.us', 'emailsensei.com', 'spamdecoy.net', 'throwam.com', 'tempmail.plus', 'mailto.plus', 'fexpost.com', 'fextemp.com',
]);
