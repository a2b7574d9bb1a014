/**
 * SES event-publishing records of every type, as SNS delivers them to a subscriber, in the shape of the samples in
 * the SES developer guide ("Examples of event data that Amazon SES publishes to Amazon SNS"), for a message Attain
 * sent: the configuration set's own `ses:*` tags plus Attain's `tenant`, `mail` and `recipient` tags.
 */
export const CAMPUS = 'demo';
export const MAIL_ID = '01a201f5-4919-7773-b5d2-9a0951dbe73b';
export const MESSAGE_ID = '0109019abc4a43e1-8e1e3a0c-4e8b-4b9e-9f0a-2c6d1f0b6f31-000000';
export const ADDRESS = 'recipient@example.com';

/** The `mail` object SES repeats in every event of one message. */
export function mailPart(over: { tags?: Record<string, string[]>; destination?: string[] } = {}) {
  return {
    timestamp: '2026-11-21T09:15:02.116Z',
    source: '"Demo Institute of Technology" <no-reply@attain.example>',
    sourceArn: 'arn:aws:ses:ap-south-1:123456789012:identity/attain.example',
    sendingAccountId: '123456789012',
    messageId: MESSAGE_ID,
    destination: over.destination ?? [ADDRESS],
    headersTruncated: false,
    headers: [
      { name: 'From', value: '"Demo Institute of Technology" <no-reply@attain.example>' },
      { name: 'To', value: ADDRESS },
      { name: 'Subject', value: 'Course-exit survey' },
    ],
    commonHeaders: {
      from: ['"Demo Institute of Technology" <no-reply@attain.example>'],
      to: [ADDRESS],
      messageId: MESSAGE_ID,
      subject: 'Course-exit survey',
    },
    tags: over.tags ?? {
      'ses:configuration-set': ['AttainMailConfigSet'],
      'ses:source-ip': ['13.232.10.20'],
      'ses:from-domain': ['attain.example'],
      'ses:caller-identity': ['attain-mail-sender'],
      'ses:outgoing-ip': ['54.240.27.11'],
      tenant: [CAMPUS],
      mail: [MAIL_ID],
      recipient: ['3'],
    },
  };
}

export const SAMPLES = {
  Send: { eventType: 'Send', mail: mailPart(), send: {} },
  Delivery: {
    eventType: 'Delivery',
    mail: mailPart(),
    delivery: {
      timestamp: '2026-11-21T09:15:03.511Z',
      processingTimeMillis: 1395,
      recipients: [ADDRESS],
      smtpResponse: '250 2.6.0 Message received',
      reportingMTA: 'a8-70.smtp-out.amazonses.com',
    },
  },
  Bounce: {
    eventType: 'Bounce',
    mail: mailPart(),
    bounce: {
      bounceType: 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: [{ emailAddress: ADDRESS, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
      timestamp: '2026-11-21T09:15:03.669Z',
      feedbackId: '0102015dc8ad3a6c-bounce-000000',
      reportingMTA: 'dsn; mta.example.com',
    },
  },
  Complaint: {
    eventType: 'Complaint',
    mail: mailPart(),
    complaint: {
      complainedRecipients: [{ emailAddress: ADDRESS }],
      timestamp: '2026-11-21T09:20:11.000Z',
      feedbackId: '0102015dc8ad3a6c-complaint-000000',
      userAgent: 'Mozilla/5.0',
      complaintFeedbackType: 'abuse',
      arrivalDate: '2026-11-21T09:20:10.000Z',
    },
  },
  Reject: { eventType: 'Reject', mail: mailPart(), reject: { reason: 'Bad content' } },
  DeliveryDelay: {
    eventType: 'DeliveryDelay',
    mail: mailPart(),
    deliveryDelay: {
      timestamp: '2026-11-21T09:45:03.000Z',
      delayType: 'TransientCommunicationFailure',
      expirationTime: '2026-11-21T23:15:03.000Z',
      delayedRecipients: [{ emailAddress: ADDRESS, status: '4.4.1', diagnosticCode: 'smtp; 421 4.4.1 Unable to connect' }],
    },
  },
  Open: {
    eventType: 'Open',
    mail: mailPart(),
    open: { ipAddress: '192.0.2.1', timestamp: '2026-11-21T10:01:00.000Z', userAgent: 'Mozilla/5.0' },
  },
  Click: {
    eventType: 'Click',
    mail: mailPart(),
    click: {
      ipAddress: '192.0.2.1',
      timestamp: '2026-11-21T10:02:00.000Z',
      userAgent: 'Mozilla/5.0',
      link: 'https://attain.example/s/abc',
      linkTags: {},
    },
  },
} as const;

/** SNS's delivery of SES events to a Lambda subscriber (`topic` = the stack's events topic). */
export const snsOf = (messages: readonly unknown[], topic = 'arn:aws:sns:ap-south-1:123456789012:AttainMailEvents') => ({
  Records: messages.map((m) => ({ Sns: { TopicArn: topic, Message: typeof m === 'string' ? m : JSON.stringify(m) } })),
});
