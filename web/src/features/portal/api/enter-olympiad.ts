import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { SchoolParticipant } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { portalKeys } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

const Entered = z.object({ success: z.literal(true), message: z.string(), participant: SchoolParticipant });

/** POST teacher-expression/rest/: the teacher enters their school in an olympiad. */
export const enterOlympiad = (olympiadId: number) =>
  api.post('/teacher-expression/rest/', { body: { olympiadId }, schema: Entered });

/** The server's message ("… is entered in …") is the notification. */
export const useEnterOlympiad = () =>
  useMutation({
    mutationFn: enterOlympiad,
    meta: { success: translate('portal.notice.entered'), invalidates: [portalKeys.all] },
  });
