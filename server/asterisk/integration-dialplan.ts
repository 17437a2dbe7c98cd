/**
 * Integrations on Asterisk (G-AST-01; C-INT): a call sent to an integration asks the corp's external
 * system who the caller is and goes on by the answer. Spec 2 gives an integration a type (ISP
 * Integrador, IXC, SGP, Condominios: the ISPs' and condominiums' management systems), a host (an IP
 * address), a user and a password, three outcomes (non-customers, customers with debt, customers
 * without debt) and four sounds (opening, document-number request, customer problems, closing). It
 * names no protocol, and each of those systems has its own; Callboard asks the host one question of
 * its own, the same for every type (the type goes with it, so one service on the host can answer for
 * several systems), over HTTP (port 80: the host is an IP address alone, no port and no certificate
 * name to check):
 *
 *   POST http://{host}/callboard/v1/customer   (Basic authentication with the user and password)
 *   form fields: integration (its id), type, document (the digits the caller typed, may be empty),
 *                caller (the caller's number, digits), did (the number dialled, digits), uniqueid
 *   answer:      JSON {"customer": true|false, "debt": true|false}
 *
 * The flow, a context of its own per integration (`c{corpId}-integration-{id}`, as an IVR has):
 * answered; the opening sound (an announcement: keys are heard from the request on); the
 * document-number request, during which the caller types the number (up to 14 digits, a CNPJ; `#`
 * ends it sooner; asked again up to three times while nothing is typed); the question; then
 *   - a customer with debt: the customer-problems sound, then option2;
 *   - a customer without debt: option3;
 *   - anyone else: option1.
 * Where the spec leaves two readings, the one callers and administrators expect:
 *   - a question with no usable answer (the host down or slow, an HTTP error, no JSON) goes as a
 *     non-customer (option1), logged (NOTICE): the call is never lost for an unreachable system, and
 *     a caller nobody could identify is what "non-customer" means;
 *   - nothing typed still asks the host: the ISP systems identify a caller by the number too;
 *   - the closing sound plays whenever the call leaves the integration, whatever the outcome (it is the
 *     integration's last word; played only before a hang-up it would go unheard on every other outcome);
 *   - the customer-problems sound is what a customer with debt hears before option2.
 *
 * The user and password are not written into the dialplan file (readable by all on the host): the
 * call reads them from Callboard's database through realtime, the family `integrations` (the view
 * asterisk_integration, migration 0019), when it asks.
 *
 * The simulator sends no call to a destination: its inbound calls go straight to their queue
 * (server/pbx/simulator/queue-calls.ts), so there is no simulated integration outcome to differ from.
 */
import { asc } from 'drizzle-orm';
import type { Db } from '../db/database';
import { integration } from '../db/schema';

/** An integration as the generator reads it. */
export interface DialplanIntegration {
  id: number;
  name: string;
  type: string;
  host: string;
  /** option1 non-customers, option2 customers with debt, option3 customers without debt */
  options: [string, string, string];
  /** sound1 opening, sound2 document-number request, sound3 customer problems, sound4 closing ('' none) */
  sounds: [string, string, string, string];
}

/** What the integration's steps need of the dialplan generator (passed in: dialplan.ts imports this file). */
export interface IntegrationDialplanHelpers {
  /** a stored sound of the corp as Asterisk names it; null without one */
  sound(file: string): string | null;
  /** the steps of a destination (dialplan.ts destinationSteps) */
  steps(destination: string): string[];
}

/** The realtime family (extconfig.conf) the call reads the credentials from, and the view behind it. */
export const INTEGRATION_FAMILY = 'integrations';
export const INTEGRATION_VIEW = 'asterisk_integration';
/** The path of Callboard's question on the integration's host. */
export const INTEGRATION_PATH = '/callboard/v1/customer';
/** How many digits a caller may type: a CNPJ has 14 (a CPF 11). */
export const DOCUMENT_MAX_DIGITS = 14;
/** Seconds to wait for the caller's digits after the request, and how many times it is asked while none come. */
export const DOCUMENT_WAIT_SECONDS = 6;
export const DOCUMENT_ATTEMPTS = 3;
/** Seconds the host has to accept the connection and to answer: a caller waits in silence meanwhile. */
export const LOOKUP_CONNECT_SECONDS = 3;
export const LOOKUP_ANSWER_SECONDS = 5;
/** HTTP answers func_curl turns into no answer (it returns the body of any other). */
const FAILURE_CODES = [400, 401, 403, 404, 405, 408, 409, 429, 500, 501, 502, 503, 504];

export const integrationContext = (corpId: number, integrationId: number) => `c${corpId}-integration-${integrationId}`;

/** The corp's integrations, by corp id. */
export async function loadIntegrations(db: Db): Promise<Map<number, DialplanIntegration[]>> {
  const rows = await db.select().from(integration).orderBy(asc(integration.id));
  const byCorp = new Map<number, DialplanIntegration[]>();
  for (const r of rows) {
    const list = byCorp.get(r.corpId) ?? [];
    list.push({ id: r.id, name: r.name, type: r.type, host: r.host, options: [r.option1, r.option2, r.option3], sounds: [r.sound1, r.sound2, r.sound3, r.sound4] });
    byCorp.set(r.corpId, list);
  }
  return byCorp;
}

/** An IPv4 address as the form takes it (C-INT-07); anything else never reaches a URL. */
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** Text inside an application's arguments (NoOp, Log): no separators, nothing for Asterisk to evaluate. */
const argText = (text: string) => text.replace(/[\r\n\t]+/g, ' ').replace(/[,()$[\]{};\\|"]/g, ' ');

/** The form body of the question: fixed values encoded here, the call's own reduced to digits by Asterisk (no `,` `"` for CURL's arguments). */
function lookupBody(i: DialplanIntegration): string {
  return [
    `integration=${i.id}`,
    `type=${encodeURIComponent(i.type)}`,
    'document=${FILTER(0-9,${CB_DOC})}',
    'caller=${FILTER(0-9,${CALLERID(num)})}',
    'did=${FILTER(0-9,${CALLERID(dnid)})}',
    'uniqueid=${FILTER(0-9.,${UNIQUEID})}',
  ].join('&');
}

/**
 * The context of one integration (see the file's comment). `corpId` names the context; `helpers`
 * give the sounds' paths and the outcomes' steps.
 */
export function integrationContextLines(corpId: number, i: DialplanIntegration, helpers: IntegrationDialplanHelpers): string[] {
  const [opening, request, problems, closing] = i.sounds.map((s) => helpers.sound(s));
  const play = (file: string | null) => (file ? [` same => n,Playback(${file})`] : []);
  const read = (prompt: string | null) => `Read(CB_DOC,${prompt ?? ''},${DOCUMENT_MAX_DIGITS},,${DOCUMENT_ATTEMPTS},${DOCUMENT_WAIT_SECONDS})`;
  const label = argText(i.name);
  const head = [`[${integrationContext(corpId, i.id)}]`, `exten => s,1,NoOp(integration ${label}: ${argText(i.type)} at ${IPV4.test(i.host) ? i.host : 'no valid host'})`, ' same => n,Answer()', ...play(opening), ' same => n,Set(CB_DOC=)'];
  // a request whose file is gone ends Read at once (READSTATUS ERROR): the caller is still given the time to type
  const ask = [
    ...(request ? [` same => n,${read(request)}`, ' same => n,GotoIf($["${READSTATUS}" != "ERROR"]?asked)'] : []),
    ` same => n,${read(null)}`,
    ` same => n(asked),NoOp(integration ${i.id}: document \${CB_DOC})`,
  ];
  const outcome = (n: 1 | 2 | 3, what: string, before: (string | null)[]) => [
    ` same => n(o${n}),NoOp(integration ${i.id}: ${what}, option${n})`,
    ...before.flatMap(play),
    ...play(closing),
    ...helpers.steps(i.options[n - 1]),
  ];
  // a host that is no address (an older row) is never asked: its callers go as non-customers, said in the log
  const question = IPV4.test(i.host)
    ? [
        ` same => n,Set(CURLOPT(conntimeout)=${LOOKUP_CONNECT_SECONDS})`,
        ` same => n,Set(CURLOPT(httptimeout)=${LOOKUP_ANSWER_SECONDS})`,
        ` same => n,Set(CURLOPT(failurecodes)=${FAILURE_CODES.join(',')})`,
        ` same => n,Set(CURLOPT(userpwd)=\${REALTIME_FIELD(${INTEGRATION_FAMILY},id,${i.id},userpwd)})`,
        ` same => n,Set(CB_LOOKUP=\${CURL(http://${i.host}${INTEGRATION_PATH},${lookupBody(i)})})`,
        // LEN: the answer holds quotes, which an expression cannot take as text
        ' same => n,GotoIf($[${LEN(${CB_LOOKUP})} = 0]?failed)',
        ' same => n,Set(CB_CUSTOMER=${TOLOWER(${JSON_DECODE(CB_LOOKUP,customer)})})',
        ' same => n,Set(CB_DEBT=${TOLOWER(${JSON_DECODE(CB_LOOKUP,debt)})})',
        ` same => n,NoOp(integration ${i.id}: customer \${CB_CUSTOMER} debt \${CB_DEBT})`,
        // JSON_DECODE gives a JSON true as 1; a "true" string is taken too
        ' same => n,GotoIf($["${CB_CUSTOMER}" != "1" & "${CB_CUSTOMER}" != "true"]?o1)',
        ' same => n,GotoIf($["${CB_DEBT}" = "1" | "${CB_DEBT}" = "true"]?o2:o3)',
        ` same => n(failed),Log(NOTICE,Callboard: integration ${i.id} ${label} had no answer from ${i.host}: the caller goes as a non-customer)`,
      ]
    : [` same => n,Log(NOTICE,Callboard: integration ${i.id} ${label} has no valid host: the caller goes as a non-customer)`];
  return [
    ...head,
    ...ask,
    ...question,
    ...outcome(1, 'a non-customer', []),
    ...outcome(2, 'a customer with debt', [problems]),
    ...outcome(3, 'a customer without debt', []),
  ];
}
