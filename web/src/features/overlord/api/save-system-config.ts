import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PublicSystemConfig, type RuntimeSettings, SystemConfigBody } from '#contract/system-config';
import { publicConfigKeys } from '../../../components/MaintenanceBanner.js';
import { api } from '../../../lib/api/index.js';
import { overlordKeys } from './keys.js';

/** POST api/system-config/ (the whole settings; decision 036) */
export const saveSystemConfig = (values: RuntimeSettings) =>
  api.post('/api/system-config/', { body: values, schema: SystemConfigBody });

/**
 * The form shows a failure on its fields and in its alert. The banner on this page takes the saved settings at
 * once, from the answer itself: asking again could reach a process that has not yet heard of the change.
 */
export const useSaveSystemConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSystemConfig,
    onSuccess: ({ settings }) => {
      queryClient.setQueryData<PublicSystemConfig>(publicConfigKeys.public(), {
        success: true,
        maintenanceBanner: settings.maintenanceBanner || null,
        supportEmail: settings.supportEmail,
      });
    },
    meta: { success: 'Saved', error: false, invalidates: [overlordKeys.systemConfig()] },
  });
};
