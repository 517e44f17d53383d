import type { CertificateConfig } from '#contract/certificates';
import type { SchemaForm } from '../../../../lib/forms/index.js';
import type { TemplateValues } from './fields.js';

/** The designer's form: the whole config (every kind's template), checked by the contract's schema. */
export type DesignForm = SchemaForm<CertificateConfig, CertificateConfig>;

/** `default`, or a certificate kind (an award key, `participation`, `best-in-school`). */
export type DesignKind = string;
export const DEFAULT_KIND = 'default';

/** The form path of the template a kind prints with: its own, else the default one. */
export function templatePath(values: CertificateConfig, kind: DesignKind): string {
  return kind !== DEFAULT_KIND && values.templates[kind] ? `templates.${kind}` : 'default';
}

export function templateAt(values: CertificateConfig, path: string): TemplateValues {
  return path === 'default' ? values.default : (values.templates[path.slice('templates.'.length)] ?? values.default);
}
