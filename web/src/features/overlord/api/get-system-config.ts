import { useQuery } from '@tanstack/react-query';
import { SystemConfigBody } from '#contract/system-config';
import { api } from '../../../lib/api/index.js';
import { overlordKeys } from './keys.js';

/** GET api/system-config/ */
export const getSystemConfig = () => api.get('/api/system-config/', { schema: SystemConfigBody });

export const useSystemConfig = () => useQuery({ queryKey: overlordKeys.systemConfig(), queryFn: getSystemConfig });
