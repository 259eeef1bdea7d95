import type { ErrorCode } from '@backdesk/contract/errors';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiRequestError } from '../../lib/api.ts';
import { type Contract, loadContract } from '../../lib/contract.ts';
import {
  errorCode,
  errorText,
  type FieldIssue,
  type FormatTexts,
  fromZodIssue,
  issuesByField,
} from '../../lib/errors.ts';
import { useLanguage } from '../../lib/language.ts';
import { parseDecimal } from '../../lib/locale-format.ts';

/** What the form checks with: a schema of the contract (loaded with it), read like zod's safeParse. */
interface ContractSchema<Body> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Body }
    | { success: false; error: { issues: { path: PropertyKey[]; code: string }[] } };
}

type Values = Record<string, unknown>;

export interface ContractFormOptions<V extends Values, Body> {
  initialValues: V;
  /** The contract schema the server checks the request with; the form checks with the same one. */
  schema: (contract: Contract) => ContractSchema<Body>;
  /** The request body as the schema reads it (defaults to the values, decimals made canonical). */
  toInput?: (values: V) => unknown;
  /** Fields typed as decimals in the member's locale, and how many places each may carry. */
  decimals?: Partial<Record<keyof V & string, (values: V) => number | undefined>>;
  /** Field-specific wording of pattern issues (e.g. `{ alias_mobile: 'phone' }`). */
  formats?: FormatTexts;
  /** Errors that belong under one field rather than above the form (e.g. DUPLICATE_EMAIL); ignored when the form has no such field. */
  codeFields?: Partial<Record<ErrorCode, string>>;
}

type Parsed<Body> = { ok: true; body: Body } | { ok: false; errors: Record<string, string> };

/**
 * A Mantine form checked by the contract's own zod schema (so the page and the server refuse the same
 * things, in the member's language), which maps a refused request's field issues back onto its fields
 * and keeps anything else as one form-level failure.
 */
export function useContractForm<V extends Values, Body>(options: ContractFormOptions<V, Body>) {
  const { locale } = useLanguage();
  const [failure, setFailure] = useState<string | null>(null);

  async function parse(values: V): Promise<Parsed<Body>> {
    const issues: FieldIssue[] = [];
    const canonical: Values = { ...values };
    for (const [field, decimalsOf] of Object.entries(options.decimals ?? {})) {
      const text = values[field];
      if (typeof text !== 'string' || !decimalsOf) continue;
      const parsed = parseDecimal(text, locale, (decimalsOf as (v: V) => number | undefined)(values));
      if (parsed.ok) canonical[field] = parsed.value;
      else issues.push({ path: field, code: parsed.issue.code, params: { ...parsed.issue } });
    }
    const input = options.toInput ? options.toInput(canonical as V) : canonical;
    const result = options.schema(await loadContract()).safeParse(input);
    if (!result.success) issues.push(...result.error.issues.map(fromZodIssue));
    if (issues.length > 0) return { ok: false, errors: issuesByField(issues, options.formats) };
    return result.success ? { ok: true, body: result.data } : { ok: false, errors: {} };
  }

  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validateInputOnBlur: true,
    validate: async (values) => {
      const parsed = await parse(values);
      return parsed.ok ? {} : parsed.errors;
    },
  });

  /** Places a refused request's problems: under the fields they name, or above the form. */
  function showFailure(error: unknown): void {
    const fields = Object.keys(form.getValues());
    const issues = error instanceof ApiRequestError ? (error.body?.issues ?? []) : [];
    const onFields = issues.filter((issue) => fields.includes(issue.path));
    const code = errorCode(error);
    const named = code ? options.codeFields?.[code] : undefined;
    const codeField = named && fields.includes(named) ? named : undefined;
    if (onFields.length > 0) form.setErrors(issuesByField(onFields, options.formats));
    if (codeField) form.setFieldError(codeField, errorText(error));
    const rest = issues.length > onFields.length || (onFields.length === 0 && !codeField);
    setFailure(rest ? errorText(error) : null);
  }

  /**
   * The submit handler: checks, sends the parsed body, and shows whatever the server refuses.
   * `send` resolves when the change is done; a rejection is the server's refusal.
   */
  const submit = (send: (body: Body) => Promise<unknown>) =>
    form.onSubmit(async (values) => {
      setFailure(null);
      const parsed = await parse(values);
      if (!parsed.ok) {
        form.setErrors(parsed.errors);
        return;
      }
      try {
        await send(parsed.body);
      } catch (error) {
        showFailure(error);
      }
    });

  return { form, failure, setFailure, submit };
}
