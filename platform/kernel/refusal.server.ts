import type { Envelope } from "./router.server.ts";

/** A refusal found after a transaction began writing: thrown so everything it wrote rolls back, then answered as its envelope. */
export class Refusal extends Error {
  constructor(readonly envelope: Envelope) {
    super(envelope.message);
  }
}

/** Runs a transaction that may refuse by throwing a Refusal, and answers with the refusal's envelope. */
export function answerRefusal(run: () => Envelope): Envelope {
  try {
    return run();
  } catch (error) {
    if (error instanceof Refusal) return error.envelope;
    throw error;
  }
}
