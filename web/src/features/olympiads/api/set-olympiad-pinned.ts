import { useMutation } from '@tanstack/react-query';
import { OlympiadResultBody } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { olympiadKeys } from './keys.js';

/** POST olympiad/set-pinned?olympiadId&pinned */
export const setOlympiadPinned = ({ olympiadId, pinned }: { olympiadId: number; pinned: boolean }) =>
  api.post('/olympiad/set-pinned', { query: { olympiadId, pinned: String(pinned) }, schema: OlympiadResultBody });

export const useSetOlympiadPinned = () =>
  useMutation({ mutationFn: setOlympiadPinned, meta: { invalidates: [olympiadKeys.all] } });
