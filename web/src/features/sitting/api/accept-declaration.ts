import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.js';
import { sittingKeys, sittingPath } from './keys.js';

/** POST /api/sitting/{o}/declaration {accept: true} */
export const acceptDeclaration = (olympiadName: string) =>
  api.post(sittingPath(olympiadName, 'declaration'), { body: { accept: true } });

/** The page shows a failure in place. */
export const useAcceptDeclaration = (olympiadName: string) =>
  useMutation({
    mutationFn: () => acceptDeclaration(olympiadName),
    meta: { error: false, invalidates: [sittingKeys.state(olympiadName)] },
  });
