import { useMutation } from '@tanstack/react-query';
import { type RuntimeSettings, SystemConfigBody } from '#contract/system-config';
import { publicConfigKeys } from '../../../components/MaintenanceBanner.js';
import { api } from '../../../lib/api/index.js';
import { overlordKeys } from './keys.js';

/** POST api/system-config/ (the whole settings; decision 036) */
export const saveSystemConfig = (values: RuntimeSettings) =>
  api.post('/api/system-config/', { body: values, schema: SystemConfigBody });

/** The form shows a failure on its fields and in its alert; the banner on this page changes at once. */
export const useSaveSystemConfig = () =>
  useMutation({
    mutationFn: saveSystemConfig,
    meta: { success: 'Saved', error: false, invalidates: [overlordKeys.systemConfig(), publicConfigKeys.all] },
  });
