/**
 * The embedded platform's tests hold its real answers to the contracts of contracts/api/ (ADR 069): every successful
 * answer a test gets on a path with a contract is validated, and a test fails on the first answer its contract does
 * not describe. With CONTRACT_SAMPLES set to a file, every successful answer is appended to it instead, one JSON line
 * each, for `npm run contracts:record -- --samples <file>` to record contracts from (a recording run checks nothing, so
 * that one test's first new answer does not hide the rest).
 */
import { appendFileSync } from "node:fs";
import { Ajv, type ValidateFunction } from "ajv";
import { isSuccess } from "@contracts/envelope";
import { readContracts } from "@contracts/api-contracts.server";

export interface RecordedAnswer {
  method: string;
  path: string;
  data: unknown;
}

export function answerChecker(): (method: string, path: string, envelope: { code: number; data?: unknown }) => void {
  const contracts = readContracts();
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validators = new Map<string, ValidateFunction>();
  const samplesFile = process.env.CONTRACT_SAMPLES;
  return (method, pathWithQuery, envelope) => {
    if (!isSuccess(envelope)) return;
    const path = pathWithQuery.split("?")[0];
    /** An answer without data is recorded and checked as null: its contract says there is nothing to read. */
    const data = envelope.data ?? null;
    if (samplesFile) {
      appendFileSync(samplesFile, `${JSON.stringify({ method, path, data } satisfies RecordedAnswer)}\n`);
      return;
    }
    const contract = contracts.get(path);
    if (!contract) return;
    const validate = validators.get(path) ?? ajv.compile(contract);
    validators.set(path, validate);
    if (!validate(data)) {
      throw new Error(`${method} ${path} answered outside its contract (contracts/api/): ${ajv.errorsText(validate.errors)}`);
    }
  };
}
