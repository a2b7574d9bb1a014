import { createHash, randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { type CloudAssembly, LOCAL_ACCOUNT, localArn, referencedId, resourcesOf } from './cloud-assembly.js';
import type { LambdaHost } from './lambda-host.js';

/**
 * The two AWS services the functions call that have no emulator on this machine, answering the SDK on 127.0.0.1:
 * - SQS (`AWS_ENDPOINT_URL_SQS`, the JSON protocol): `SendMessage` and `SendMessageBatch` to the template's queues,
 *   delivered as the template's event source mappings (`AWS::Lambda::EventSourceMapping`) deliver them: an SQS event
 *   to the mapped function after `DelaySeconds`, partial batch failures (`batchItemFailures`) and thrown batches
 *   delivered again, and after the queue's `maxReceiveCount` receives moved to its dead-letter queue (`deadLetters`);
 * - Lambda (`AWS_ENDPOINT_URL_LAMBDA`): `Invoke` of a function by name or ARN, `RequestResponse` or `Event`.
 * Redelivery waits `redeliveryMs` instead of the queue's visibility timeout (minutes), so a run sees retries happen.
 */

interface QueueDef {
  id: string;
  fn?: string;
  batchSize: number;
  reportsFailures: boolean;
  maxReceiveCount?: number;
  deadLetterQueue?: string;
}

/** One message as the SQS event carries it. */
interface Message {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: number;
}

/** A message that went to a dead-letter queue: from which queue, and its body. */
export interface DeadLetter {
  queue: string;
  deadLetterQueue: string;
  body: string;
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** Reads the template's queues, their event source mappings and redrive policies. */
function readQueues(a: CloudAssembly): Map<string, QueueDef> {
  const queues = new Map<string, QueueDef>();
  for (const [id, p] of resourcesOf(a, 'AWS::SQS::Queue')) {
    const redrive = p.RedrivePolicy as { deadLetterTargetArn?: unknown; maxReceiveCount?: number } | undefined;
    queues.set(id, {
      id,
      batchSize: 10,
      reportsFailures: false,
      ...(redrive ? { maxReceiveCount: Number(redrive.maxReceiveCount), deadLetterQueue: referencedId(redrive.deadLetterTargetArn) } : {}),
    });
  }
  for (const [, p] of resourcesOf(a, 'AWS::Lambda::EventSourceMapping')) {
    const q = queues.get(referencedId(p.EventSourceArn) ?? '');
    if (!q) continue;
    q.fn = referencedId(p.FunctionName);
    q.batchSize = Number(p.BatchSize ?? 10);
    q.reportsFailures = ((p.FunctionResponseTypes as string[] | undefined) ?? []).includes('ReportBatchItemFailures');
  }
  return queues;
}

/** The local SQS and Lambda endpoints of a deployed-shape run. */
export class AwsEndpoints {
  readonly deadLetters: DeadLetter[] = [];
  /** Messages sent and not yet settled (delivered without failure, or dead-lettered). */
  private inFlight = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly queues: Map<string, QueueDef>;
  private server?: Server;
  url = '';

  constructor(
    private readonly assembly: CloudAssembly,
    private readonly host: LambdaHost,
    private readonly region: string,
    private readonly redeliveryMs = 500,
    private readonly onDeadLetter?: (d: DeadLetter) => void,
  ) {
    this.queues = readQueues(assembly);
  }

  /** Starts listening on 127.0.0.1 (a free port); `url` is then set. @throws when no port can be listened on */
  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  /** Messages sent and not yet settled. */
  get pending(): number {
    return this.inFlight;
  }

  /** Stops delivering (pending deliveries are dropped) and listening. */
  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const target = String(req.headers['x-amz-target'] ?? '');
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', ...headers }).end(JSON.stringify(payload));
    try {
      const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(req.url ?? '');
      if (invoke) {
        const name = decodeURIComponent(invoke[1])
          .replace(/^.*:function:/, '')
          .split(':')[0];
        const event = body ? (JSON.parse(body) as unknown) : {};
        if (!this.host.has(name)) return send(404, { __type: 'ResourceNotFoundException', message: `Function not found: ${name}` });
        if (req.headers['x-amz-invocation-type'] === 'Event') {
          void this.host.invoke(name, event).catch((e: Error) => console.error(`deployed run: ${name} failed:`, e.message));
          return res.writeHead(202).end();
        }
        try {
          const out = await this.host.invoke(name, event);
          return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out ?? null));
        } catch (e) {
          return res
            .writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' })
            .end(JSON.stringify({ errorType: 'Error', errorMessage: (e as Error).message }));
        }
      }
      const input = JSON.parse(body || '{}') as {
        QueueUrl?: string;
        MessageBody?: string;
        DelaySeconds?: number;
        Entries?: { Id: string; MessageBody: string; DelaySeconds?: number }[];
      };
      const queue = this.queues.get(
        String(input.QueueUrl ?? '')
          .split('/')
          .pop() ?? '',
      );
      if (!queue) return send(400, { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: 'The specified queue does not exist.' });
      if (target === 'AmazonSQS.SendMessage') {
        const id = this.enqueue(queue, String(input.MessageBody), Number(input.DelaySeconds ?? 0));
        return send(200, { MessageId: id, MD5OfMessageBody: md5(String(input.MessageBody)) });
      }
      if (target === 'AmazonSQS.SendMessageBatch') {
        const Successful = (input.Entries ?? []).map((e) => ({
          Id: e.Id,
          MessageId: this.enqueue(queue, e.MessageBody, Number(e.DelaySeconds ?? 0)),
          MD5OfMessageBody: md5(e.MessageBody),
        }));
        return send(200, { Successful, Failed: [] });
      }
      return send(400, { __type: 'com.amazonaws.sqs#UnsupportedOperation', message: `${target} is not served by the local run` });
    } catch (e) {
      return send(500, { __type: 'InternalFailure', message: (e as Error).message });
    }
  }

  /** Accepts a message and schedules its delivery; returns its id. */
  private enqueue(queue: QueueDef, body: string, delaySeconds: number): string {
    const m: Message = { messageId: randomUUID(), body, receiveCount: 0, sentAt: Date.now() };
    this.inFlight++;
    this.later(() => this.deliver(queue, m), delaySeconds * 1000);
    return m.messageId;
  }

  private later(run: () => Promise<void>, ms: number) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      void run();
    }, ms);
    this.timers.add(t);
  }

  /** Delivers one message to the queue's function (a batch of one: SQS may always deliver fewer than the batch size). */
  private async deliver(queue: QueueDef, m: Message): Promise<void> {
    if (!queue.fn) {
      // No function reads this queue (a dead-letter queue): the message stays there, settled for the run.
      this.inFlight--;
      return;
    }
    m.receiveCount++;
    const record = {
      messageId: m.messageId,
      receiptHandle: randomUUID(),
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: LOCAL_ACCOUNT,
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: md5(m.body),
      eventSource: 'aws:sqs',
      eventSourceARN: localArn('sqs', this.region, queue.id),
      awsRegion: this.region,
    };
    let failed: boolean;
    try {
      const out = (await this.host.invoke(queue.fn, { Records: [record] })) as { batchItemFailures?: { itemIdentifier: string }[] } | null;
      failed = queue.reportsFailures && (out?.batchItemFailures ?? []).some((f) => f.itemIdentifier === m.messageId);
    } catch (e) {
      console.error(`deployed run: ${queue.fn} failed a batch of ${queue.id}:`, (e as Error).message);
      failed = true;
    }
    if (!failed) {
      this.inFlight--;
      return;
    }
    if (queue.maxReceiveCount !== undefined && m.receiveCount >= queue.maxReceiveCount) {
      const dead = { queue: queue.id, deadLetterQueue: queue.deadLetterQueue ?? '', body: m.body };
      this.deadLetters.push(dead);
      this.onDeadLetter?.(dead);
      this.inFlight--;
      return;
    }
    this.later(() => this.deliver(queue, m), this.redeliveryMs);
  }
}
