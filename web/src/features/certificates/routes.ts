import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';

const admin = (sub: string, title: string, summary: string) =>
  staffPage(sections.admin, {
    sub,
    title,
    summary,
    feature: 'certificates',
    nav: 'Results',
    access: staffAccess.admin,
  });

export const certificatesRoutes: AppRoute[] = [
  ...admin(
    'results/edit-certificates',
    'Edit certificates',
    'The certificate template of this olympiad will be designed here.',
  ),
  ...admin(
    'results/browse-certificates',
    'Browse certificates',
    'Generated certificates will be browsed and downloaded here.',
  ),
  ...admin(
    'results/generate-and-send-certificates',
    'Generate and send certificates',
    'Certificates will be generated and sent to each school’s teacher here, with progress shown.',
  ),
  {
    id: 'portal.certificates',
    path: '/portal/:olympiadName/certificates',
    layout: 'portal',
    access: ['teacher'],
    feature: 'certificates',
    nav: 'Olympiad',
    title: 'Certificates',
    summary: 'Your learners’ certificates will be downloaded here once the results are out.',
  },
];
