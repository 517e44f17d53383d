/** The one way to define a form: from the contract's zod schema, with the server's field errors on their fields. */
export {
  serverErrorText,
  setServerErrors,
  useSchemaForm,
  type SchemaForm,
  type SchemaFormOptions,
} from './use-schema-form.js';
