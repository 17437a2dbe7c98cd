/**
 * Voicemail left on Asterisk becomes Callboard's (issue 12; C-VM): the generated dialplan pushes a
 * hangup handler before VoiceMail(), so however the caller ends the message (the # key or hanging up),
 * a saved message is stored through realtime into `asterisk_voicemail_message` (migration 0016), whose
 * trigger makes it a voicemail row of the mailbox's corp and tells the PBX-driving server to copy
 * Asterisk's file into its store (voicemail-import.ts).
 */

/** The realtime family (extconfig.conf) of messages left: the view `asterisk_voicemail_message`. */
export const VOICEMAIL_MESSAGE_FAMILY = 'vmmessages';
export const VOICEMAIL_MESSAGE_VIEW = 'asterisk_voicemail_message';
/** The context of the hangup handler, shared by every corp (its arguments say whose message it is). */
export const VOICEMAIL_SAVED_CONTEXT = 'callboard-vm-saved';

export const voicemailContext = (corpId: number) => `c${corpId}-vm`;

/**
 * How often app_voicemail counts the mailboxes that phones watch again (voicemail.conf pollfreq): a
 * message Callboard moved between INBOX and Old (voicemail-folders.ts) reaches the phone's light
 * within this. Counting is a directory read per folder of a watched mailbox.
 */
export const VOICEMAIL_POLL_SECONDS = 5;

/** The steps that leave a message in `mailbox` of the corp (`reason`: u unavailable, b busy: the greeting VoiceMail plays). */
export function voicemailSteps(corpId: number, mailbox: string, reason: 'u' | 'b'): string[] {
  return [
    ` same => n,Set(CHANNEL(hangup_handler_push)=${VOICEMAIL_SAVED_CONTEXT},s,1(${voicemailContext(corpId)},${mailbox}))`,
    ` same => n,VoiceMail(${mailbox}@${voicemailContext(corpId)},${reason})`,
  ];
}

/**
 * The hangup handler: ARG1 the mailbox's context, ARG2 the mailbox. VoiceMail() sets VM_MESSAGEFILE
 * (Asterisk's file, without its extension) only when it kept a message (not one shorter than minsecs).
 * The caller's number is reduced to what a number holds: REALTIME_STORE's values are comma-separated.
 */
export function voicemailSavedContext(): string[] {
  return [
    `[${VOICEMAIL_SAVED_CONTEXT}]`,
    'exten => s,1,GotoIf($["${VM_MESSAGEFILE}" = ""]?done)',
    ` same => n,Set(REALTIME_STORE(${VOICEMAIL_MESSAGE_FAMILY},context,mailbox,origtime,callerid,file)=\${ARG1},\${ARG2},\${EPOCH},\${FILTER(0-9+*#,\${CALLERID(num)})},\${VM_MESSAGEFILE})`,
    ' same => n(done),Return()',
  ];
}
