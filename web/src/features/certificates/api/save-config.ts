import { useMutation } from '@tanstack/react-query';
import { type CertificateConfig, CertificateConfigSaved } from '#contract/certificates';
import { api } from '../../../lib/api/index.js';
import { certificatesKeys } from './keys.js';

/** POST olympiad/certificate-config/{id}, the body the whole design (checked on the server too). */
export function saveCertificateConfig({ olympiadId, config }: { olympiadId: number; config: CertificateConfig }) {
  return api.post(`/olympiad/certificate-config/${olympiadId}`, { body: config, schema: CertificateConfigSaved });
}
export const useSaveCertificateConfig = () =>
  useMutation({
    mutationFn: saveCertificateConfig,
    meta: { success: 'The certificate design is saved', invalidates: [certificatesKeys.config.prefix] },
  });
