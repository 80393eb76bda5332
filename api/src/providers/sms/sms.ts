/** One text message to one Uzbek mobile number (E.164, "+998901234567"). */
export interface SmsMessage {
  phone: string;
  text: string;
  /** True when the text holds a secret (a sign-in code): providers that keep a copy redact it. */
  secret?: boolean;
}

/** Sends SMS. Adapters: `log` (development) and `eskiz` (Eskiz.uz). */
export interface SmsProvider {
  readonly name: string;
  /** Resolves when the provider accepted the message; rejects with SmsUnavailableError otherwise. */
  send(message: SmsMessage): Promise<{ providerMessageId?: string }>;
}

export class SmsUnavailableError extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`SMS provider unavailable: ${detail}`, options);
    this.name = 'SmsUnavailableError';
  }
}
