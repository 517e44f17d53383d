import { useMutation } from '@tanstack/react-query';
import { ModerationSettingsAnswer } from '#contract/moderation';
import type { ModerationSettings } from '#contract/results';
import { api } from '../../../lib/api/index.js';
import { moderationKeys } from './moderation-keys.js';

/** PUT /olympiad/moderation/{olympiadId}/settings */
export const saveModerationSettings = ({
  olympiadId,
  settings,
}: {
  olympiadId: number;
  settings: ModerationSettings;
}) =>
  api.put(`/olympiad/moderation/${olympiadId}/settings`, {
    body: settings,
    schema: ModerationSettingsAnswer,
    on401: 'reload',
  });

export const useSaveModerationSettings = () =>
  useMutation({
    mutationFn: saveModerationSettings,
    meta: { success: 'Saved', error: false, invalidates: [moderationKeys.settings.prefix] },
  });
