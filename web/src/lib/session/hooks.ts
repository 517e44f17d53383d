import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { impersonate, logout, stopImpersonating } from './actions.js';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });
}

export function useImpersonate() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ olympiadId, userEmail }: { olympiadId: number | null; userEmail: string }) =>
      impersonate(olympiadId, userEmail),
    // The form shows the failure in place (components/ActAsUserForm).
    meta: { error: false },
    onSuccess: (user) => {
      queryClient.clear();
      void navigate(user.home);
    },
  });
}

export function useStopImpersonating() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: stopImpersonating,
    onSettled: (user) => {
      queryClient.clear();
      void navigate(user?.home ?? '/login');
    },
  });
}
