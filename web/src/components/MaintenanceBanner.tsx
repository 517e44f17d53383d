import { useQuery } from '@tanstack/react-query';
import type { PublicSystemConfig } from '#contract/system-config';
import { api, queryKeys } from '../lib/api/index.js';
import { useT } from '../lib/i18n/index.js';
import classes from './MaintenanceBanner.module.css';

/** The runtime settings every page reads (GET api/system-config/public). */
export const publicConfigKeys = queryKeys('system-config', { public: () => [] });

/**
 * The overlord's maintenance banner (system config, decision 036), at the top of every page of both shells. Plain
 * markup and no schema, so the learner's light bundle stays light (decision 016); read again every minute.
 */
export function MaintenanceBanner() {
  const t = useT();
  const config = useQuery({
    queryKey: publicConfigKeys.public(),
    queryFn: () => api.get<PublicSystemConfig>('/api/system-config/public'),
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: false,
  });
  const text = config.data?.maintenanceBanner;
  if (!text) return null;
  return (
    <div className={classes.banner} role="region" aria-label={t('common.maintenance.region')}>
      <p className={classes.text}>{text}</p>
    </div>
  );
}
