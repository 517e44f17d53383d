import { isApiError } from '../../../lib/api/index.js';

interface FormLike {
  setFieldError: (path: string, error: string) => void;
}

/** Puts the server's field errors (`details`, paths like `body.varName`) on the form's fields. */
export function applyFieldErrors(form: FormLike, error: unknown) {
  if (!isApiError(error)) return;
  for (const detail of error.details) {
    form.setFieldError(detail.path.replace(/^body\./, ''), detail.message);
  }
}
