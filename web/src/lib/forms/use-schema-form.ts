import { schemaResolver, useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import type { z } from 'zod';
import { isApiError } from '../api/index.js';

export interface SchemaFormOptions<Values extends Record<string, unknown>, Input> extends Omit<
  UseFormInput<Values, Input>,
  'validate' | 'transformValues'
> {
  /**
   * The contract's schema of what the server takes (checked against `toInput(values)`): the form checks the
   * same limits before sending.
   */
  schema: z.ZodType;
  initialValues: Values;
  /** The form's values as the server takes them, when they differ (ids held as strings by a Select, …). */
  toInput?: (values: Values) => Input;
  /** Input paths (the schema's, and the server's without `body.`) that belong to a differently named form field. */
  fieldOf?: Readonly<Record<string, string>>;
  /**
   * The form field that shows an error of the schema at `path` (dot-separated, as the server takes it), when
   * that depends on the values (the question editor's answer key is one of five fields, by the question's type).
   */
  issueField?: (path: string, values: Values) => string;
}

export type SchemaForm<Values extends Record<string, unknown>, Input> = UseFormReturnType<Values, Input> & {
  /**
   * Puts a failed write's field errors (the error shape's `details`) on their fields, mapped as the form's own
   * checks are (`issueField`, `fieldOf`), and brings the first into view with the keyboard on it (else the form's
   * alert); true when every one of them found a field of the form. When it answers false, the form shows the
   * error's words itself (`serverErrorText`).
   */
  setServerErrors: (error: unknown) => boolean;
};

/** The error shape's field path (`body.name`, `query.olympiadId`, `body.items.0.name`) as the input's path. */
const inputPath = (path: string) => path.replace(/^(body|query|params)\./, '');

/** An error a person can see: a field marked invalid or a field's error text; else the form's alert. */
const fieldErrorSelector = '[aria-invalid="true"], .mantine-InputWrapper-error';
const focusable = 'input:not([type="hidden"]), textarea, select, [contenteditable="true"], button';

/**
 * Brings the form's first error into view (in a dialog or drawer too, whose body scrolls on its own) and puts the
 * keyboard on its field, once the errors are drawn. A form checked by a person pressing "Save" at the bottom of a
 * long dialog otherwise seems to do nothing.
 */
export function revealFirstError(root: Element | null | undefined): void {
  if (!root) return;
  requestAnimationFrame(() => {
    const first =
      root.querySelector<HTMLElement>(fieldErrorSelector) ?? root.querySelector<HTMLElement>('[role="alert"]');
    if (!first) return;
    const field = first.matches(focusable)
      ? first
      : (first.closest('.mantine-InputWrapper-root')?.querySelector<HTMLElement>(focusable) ?? null);
    first.scrollIntoView({ block: 'center', behavior: 'auto' });
    field?.focus({ preventScroll: true });
  });
}

/** The error shape's field path as the form's path. */
function formPath(path: string, fieldOf: Readonly<Record<string, string>> | undefined): string {
  const bare = inputPath(path);
  return fieldOf?.[bare] ?? bare;
}

/** Does the form hold a value at this dot path (`name`, `options.2.text`)? */
function holds(values: unknown, path: string): boolean {
  let at: unknown = values;
  for (const part of path.split('.')) {
    if (at == null || typeof at !== 'object' || !(part in at)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Puts a failed write's field errors (the error shape's `details`) on the form's fields; true when every one found
 * a field. `useSchemaForm` gives every form this as `form.setServerErrors`, with the form's own path mapping.
 */
export function setServerErrors(
  form: { setFieldError: (path: string, error: string) => void; getValues?: () => unknown },
  error: unknown,
  fieldOf?: Readonly<Record<string, string>> | ((path: string) => string),
): boolean {
  if (!isApiError(error) || error.details.length === 0) return false;
  const values = form.getValues?.();
  let all = true;
  for (const detail of error.details) {
    const field = typeof fieldOf === 'function' ? fieldOf(inputPath(detail.path)) : formPath(detail.path, fieldOf);
    if (values !== undefined && !holds(values, field)) {
      all = false;
      continue;
    }
    form.setFieldError(field, detail.message);
  }
  return all;
}

/**
 * What a form's alert says about a failed write: the error's own sentence, or, when it only says that fields need
 * attention, the words of its field errors (for a form that shows a field outside itself, e.g. the olympiad of
 * the page's address).
 */
export function serverErrorText(error: Error): string {
  if (!isApiError(error) || error.details.length === 0 || error.code !== 'validation_failed') return error.message;
  return error.details.map((d) => d.message).join(' ');
}

/**
 * The one way to define a form (lib/api/README.md): a Mantine form validated by the contract's zod schema
 * (the limits the server enforces), whose `onSubmit` hands over the values as the server takes them, and
 * which puts the server's field errors on their fields:
 *
 *   const form = useSchemaForm({ schema: FaqInput, initialValues, toInput });
 *   <form onSubmit={form.onSubmit((input) => save.mutate(input, { onError: form.setServerErrors }))}>
 */
export function useSchemaForm<Values extends Record<string, unknown>, Input = Values>({
  schema,
  toInput,
  fieldOf,
  issueField,
  ...options
}: SchemaFormOptions<Values, Input>): SchemaForm<Values, Input> {
  const check = schemaResolver(schema, { sync: true });
  const transform = toInput ?? ((values: Values) => values as unknown as Input);
  // The schema's paths are the input's: `issueField` (by the values) or `fieldOf` names the form field of those
  // that differ.
  const validate = (values: Values) => {
    const onFields: Record<string, unknown> = {};
    for (const [path, message] of Object.entries(check(transform(values))))
      onFields[issueField ? issueField(path, values) : formPath(path, fieldOf)] ??= message;
    return onFields as ReturnType<typeof check>;
  };
  const form = useForm<Values, Input>({
    ...options,
    transformValues: transform,
    validate,
  });
  // The <form> last submitted: where the server's field errors are shown, to bring the first into view.
  const submitted = useRef<Element | null>(null);
  const onSubmit: typeof form.onSubmit = (handleSubmit, handleValidationFailure) => (event) => {
    submitted.current = event?.currentTarget instanceof Element ? event.currentTarget : null;
    form.onSubmit(handleSubmit, (errors, values, failed) => {
      revealFirstError(submitted.current);
      handleValidationFailure?.(errors, values, failed);
    })(event);
  };
  // A field left by pressing the form's submit button is not checked on its own: the submit checks every field,
  // and an error drawn on blur moved the button from under the pointer, so the press did nothing.
  const getInputProps: typeof form.getInputProps = (path, inputOptions) => {
    const props = form.getInputProps(path, inputOptions);
    const onBlur = props.onBlur as ((event?: FocusEvent) => void) | undefined;
    if (!onBlur) return props;
    return {
      ...props,
      onBlur: (event?: FocusEvent) => {
        const next = event?.relatedTarget;
        if (next instanceof HTMLButtonElement && next.type === 'submit') return;
        onBlur(event);
      },
    };
  };
  return {
    ...form,
    getInputProps,
    onSubmit,
    setServerErrors: (error: unknown) => {
      const placed = setServerErrors(form, error, issueField ? (path) => issueField(path, form.getValues()) : fieldOf);
      revealFirstError(submitted.current);
      return placed;
    },
  };
}
