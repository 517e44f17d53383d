import type { GrantRole, Role } from './roles.js';

interface HomeSubject {
  role: Role;
  olympiadName: string | null;
  grants: ReadonlyArray<{ olympiadName: string; role: GrantRole }>;
}

/** Where a signed-in user lands: each role in its own area. */
export function homeFor(user: HomeSubject): string {
  const granted = user.grants.find((g) => g.role === user.role)?.olympiadName ?? user.grants[0]?.olympiadName;
  switch (user.role) {
    case 'overlord':
      return '/overlord/overview';
    case 'admin':
      return granted ? `/${granted}/admin/reports/overview` : '/welcome';
    case 'accountant':
      return granted ? `/${granted}/finance/payments` : '/welcome';
    case 'funding':
      return granted ? `/${granted}/funding/payments` : '/welcome';
    case 'teacher':
      return '/portal';
    case 'learner':
      return user.olympiadName ? `/${user.olympiadName}/olympiad/instructions` : '/login';
  }
}
