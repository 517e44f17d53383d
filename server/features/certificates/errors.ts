import { HttpError } from '../../http/errors.js';

/** A designer's upload that is not a PDF, PNG or JPEG (by its content). */
export const unsupportedFile = () =>
  new HttpError(415, 'unsupported_media_type', 'Upload a PDF, PNG or JPEG file', [
    { path: 'body.file', message: 'Only PDF, PNG and JPEG files make certificate backgrounds and signatures' },
  ]);
