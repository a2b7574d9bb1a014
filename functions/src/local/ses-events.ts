import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { forwardTo, listenLocal, readBody } from './emulator-proxy.js';
import type { SnsEvent } from '../lambdas/workers/mail-receipts.js';
import { localInvocation } from './log-output.js';

/**
 * SES events on one machine (README "Mail on your machine"). The SES emulator accepts `SendEmail` but emits
 * no events, so the local stack puts this small proxy in front of it: every `SendEmail` that names a configuration
 * set is passed to the emulator and, once accepted, produces the events SES would publish to SNS, in SNS's Lambda
 * shape, handed to the same receipts handler the cloud runs. What happens follows SES's mailbox simulator
 * (https://docs.aws.amazon.com/ses/latest/dg/send-an-email-from-console.html#send-email-simulator):
 * `success@` delivers, `bounce@` bounces (Permanent, General), `complaint@` delivers then complains,
 * `suppressionlist@` bounces as on SES's suppression list, `ooto@` delivers (the out-of-office reply goes to the
 * sender, and SES publishes no event for it); any other address delivers. The Send event is published before the
 * `SendEmail` answer returns (so a worker killed after SES accepted a message still leaves its trace); the rest
 * after `delayMs`.
 */

/** SES's mailbox simulator domain; in AWS these addresses produce the same events for real. */
export const SIMULATOR_DOMAIN = 'simulator.amazonses.com';
/** The topic the local events claim to come from (the receipts handler checks it as it checks the real one). */
export const LOCAL_EVENTS_TOPIC = 'arn:aws:sns:ap-south-1:000000000000:attain-local-mail-events';

/** What SES's simulator does with an address. */
export type SimulatedOutcome = 'delivery' | 'bounce' | 'complaint' | 'suppressionlist' | 'ooto';

/** The outcome of mail to `address` (any address outside the simulator delivers). */
export function simulatedOutcome(address: string): SimulatedOutcome {
  const [local, domain] = address.trim().toLowerCase().split('@');
  if (domain !== SIMULATOR_DOMAIN) return 'delivery';
  const base = local.split('+')[0];
  return base === 'bounce' || base === 'complaint' || base === 'suppressionlist' || base === 'ooto' ? base : 'delivery';
}

/** The parts of an SES v2 SendEmail request the events repeat. */
interface SendRequest {
  ConfigurationSetName?: string;
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  EmailTags?: { Name: string; Value: string }[];
  Content?: { Simple?: { Subject?: { Data?: string } } };
}

/**
 * The events SES publishes for one accepted message: `send` at once, `later` after delivery. One message per
 * recipient is what Attain sends; a message to several recipients gets one set per recipient.
 */
export function sesEventsFor(req: SendRequest, messageId: string, now = new Date()): { send: object; later: object[] } {
  const destination = [
    ...(req.Destination?.ToAddresses ?? []),
    ...(req.Destination?.CcAddresses ?? []),
    ...(req.Destination?.BccAddresses ?? []),
  ];
  const tags: Record<string, string[]> = {
    'ses:configuration-set': [req.ConfigurationSetName ?? ''],
    'ses:source-ip': ['127.0.0.1'],
    'ses:from-domain': [(req.FromEmailAddress ?? '').replace(/.*@/, '').replace(/>$/, '')],
    'ses:caller-identity': ['attain-local'],
  };
  for (const t of req.EmailTags ?? []) tags[t.Name] = [t.Value];
  const mail = {
    timestamp: now.toISOString(),
    source: req.FromEmailAddress,
    sendingAccountId: '000000000000',
    messageId,
    destination,
    headersTruncated: false,
    commonHeaders: { from: [req.FromEmailAddress], to: destination, messageId, subject: req.Content?.Simple?.Subject?.Data },
    tags,
  };
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const later: object[] = [];
  for (const address of destination) {
    const one = { ...mail, destination: [address] };
    const delivery = {
      eventType: 'Delivery',
      mail: one,
      delivery: {
        timestamp: at(400),
        processingTimeMillis: 400,
        recipients: [address],
        smtpResponse: '250 2.6.0 Message received',
        reportingMTA: 'a8-70.smtp-out.amazonses.com',
      },
    };
    switch (simulatedOutcome(address)) {
      case 'bounce':
        later.push({
          eventType: 'Bounce',
          mail: one,
          bounce: {
            bounceType: 'Permanent',
            bounceSubType: 'General',
            bouncedRecipients: [
              { emailAddress: address, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
            ],
            timestamp: at(400),
            feedbackId: randomUUID(),
            reportingMTA: 'dns; amazonses.com',
          },
        });
        break;
      case 'suppressionlist':
        later.push({
          eventType: 'Bounce',
          mail: one,
          bounce: {
            bounceType: 'Permanent',
            bounceSubType: 'OnAccountSuppressionList',
            bouncedRecipients: [
              {
                emailAddress: address,
                action: 'failed',
                status: '5.1.1',
                diagnosticCode:
                  'Amazon SES did not send the message to this address because it is on the suppression list for your account.',
              },
            ],
            timestamp: at(100),
            feedbackId: randomUUID(),
            reportingMTA: 'dns; amazonses.com',
          },
        });
        break;
      case 'complaint':
        later.push(delivery, {
          eventType: 'Complaint',
          mail: one,
          complaint: {
            complainedRecipients: [{ emailAddress: address }],
            timestamp: at(900),
            feedbackId: randomUUID(),
            userAgent: 'Amazon SES Mailbox Simulator',
            complaintFeedbackType: 'abuse',
            arrivalDate: at(900),
          },
        });
        break;
      default:
        later.push(delivery);
    }
  }
  return { send: { eventType: 'Send', mail: { ...mail }, send: {} }, later };
}

/** SNS's delivery of `messages` to a Lambda subscriber (one record each). */
export function snsDelivery(messages: readonly object[]): SnsEvent {
  return {
    Records: messages.map((m) => ({
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: `${LOCAL_EVENTS_TOPIC}:${randomUUID()}`,
      Sns: {
        Type: 'Notification',
        MessageId: randomUUID(),
        TopicArn: LOCAL_EVENTS_TOPIC,
        Message: JSON.stringify(m),
        Timestamp: new Date().toISOString(),
      },
    })),
  };
}

/**
 * Starts the proxy on 127.0.0.1:`port` in front of the emulator at `upstream`. Only the SES v2 API's paths pass
 * (`/v2/...`); the emulator's own pages and its store are not reachable through it.
 * @param emit hands an SNS delivery to the receipts handler
 * @param delayMs how long after the Send event the delivery events follow
 */
export async function startSesEventProxy(
  port: number,
  upstream: string,
  emit: (e: SnsEvent) => Promise<unknown>,
  delayMs: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const pending = new Set<NodeJS.Timeout>();
  const deliver = (messages: object[]) => localInvocation('local SES events: the receipts handler', () => emit(snsDelivery(messages)));
  return listenLocal(
    port,
    async (req: IncomingMessage, res: ServerResponse) => {
      if (!req.url?.startsWith('/v2/')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
        return;
      }
      const body = await readBody(req);
      const answer = await forwardTo(upstream, req, body);
      const text = await answer.text();
      if (req.method === 'POST' && req.url.startsWith('/v2/email/outbound-emails') && answer.ok) {
        const request = JSON.parse(body.toString('utf8')) as SendRequest;
        const messageId = (JSON.parse(text) as { MessageId?: string }).MessageId;
        if (request.ConfigurationSetName && messageId) {
          const { send, later } = sesEventsFor(request, messageId);
          await deliver([send]);
          const t = setTimeout(() => {
            pending.delete(t);
            void deliver(later);
          }, delayMs);
          pending.add(t);
        }
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
    },
    () => {
      for (const t of pending) clearTimeout(t);
    },
  );
}
