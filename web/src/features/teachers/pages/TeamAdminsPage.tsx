import { TeachersPage } from './TeachersPage.js';

/** /{o}/admin/edit/team-admins (and the funding alias): the teacher accounts of the countries' teams. */
export function TeamAdminsPage() {
  return <TeachersPage kind="teamAdmins" />;
}
