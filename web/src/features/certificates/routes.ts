import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const BrowseCertificatesPage = pageChunk(() => import('./pages/BrowseCertificatesPage.js'), 'BrowseCertificatesPage');
const EditCertificatesPage = pageChunk(() => import('./pages/EditCertificatesPage.js'), 'EditCertificatesPage');
const GenerateAndSendPage = pageChunk(() => import('./pages/GenerateAndSendPage.js'), 'GenerateAndSendPage');
const TeacherCertificatesPage = pageChunk(
  () => import('./pages/TeacherCertificatesPage.js'),
  'TeacherCertificatesPage',
);
const VerifyCertificatePage = pageChunk(() => import('./pages/VerifyCertificatePage.js'), 'VerifyCertificatePage');

const admin = (sub: string, title: string, summary: string, page: AppRoute['page']) =>
  staffPage(sections.admin, {
    sub,
    title,
    summary,
    feature: 'certificates',
    nav: 'Results',
    access: staffAccess.admin,
    page,
  });

export const certificatesRoutes: AppRoute[] = [
  ...admin(
    'results/edit-certificates',
    'Edit certificates',
    'The certificate of each kind: background, fields, fonts, a preview with a real learner.',
    EditCertificatesPage,
  ),
  ...admin(
    'results/browse-certificates',
    'Browse certificates',
    'Every generated certificate, searched by learner or school, downloaded one by one or per school.',
    BrowseCertificatesPage,
  ),
  ...admin(
    'results/generate-and-send-certificates',
    'Generate and send certificates',
    'Certificates generated from the published results, then mailed to each school’s teacher, with progress.',
    GenerateAndSendPage,
  ),
  {
    id: 'portal.certificates',
    path: '/portal/:olympiadName/certificates',
    layout: 'portal',
    access: ['teacher'],
    feature: 'certificates',
    nav: 'Olympiad',
    title: 'Certificates',
    summary: 'Your learners’ certificates and results, once the results are out.',
    page: TeacherCertificatesPage,
  },
  {
    id: 'public.verify',
    path: '/verify/:code',
    layout: 'site',
    access: 'public',
    feature: 'certificates',
    title: 'Certificate check',
    summary: 'Whether a certificate is genuine, and what it certifies.',
    page: VerifyCertificatePage,
  },
];
