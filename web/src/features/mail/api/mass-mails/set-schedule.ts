import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { MassMailRow, type ScheduleBody } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { formatDate } from '../../../../lib/dates.js';
import { mailKeys } from '../keys.js';

const MailingSaved = z.object({ success: z.literal(true), mailing: MassMailRow });

/** PUT emailer/api/{id}/schedule: move (an instant) or cancel (null) a queued mailing's release time (overlord) */
export function setSchedule({ id, scheduledFor }: { id: number } & ScheduleBody) {
  return api.put(`/emailer/api/${id}/schedule`, { body: { scheduledFor }, schema: MailingSaved });
}

export const useSetSchedule = () =>
  useMutation({
    mutationFn: async ({ mailing, scheduledFor }: { mailing: MassMailRow; scheduledFor: string | null }) => {
      const answer = await setSchedule({ id: mailing.id, scheduledFor });
      const message = scheduledFor
        ? `“${mailing.subject}” will be released on ${formatDate(scheduledFor)}`
        : `The schedule of “${mailing.subject}” is cancelled: it waits for you to release it`;
      return { ...answer, message };
    },
    meta: { success: 'Saved', invalidates: [mailKeys.massMails.prefix, mailKeys.audienceCount.prefix] },
  });
