import { pageChunk, type AppRoute } from '../../lib/routing/index.js';
import { LoginPage } from './pages/LoginPage.js';

const UpdatePasswordPage = pageChunk(() => import('./pages/UpdatePasswordPage.js'), 'UpdatePasswordPage');
const VerifyEmailPage = pageChunk(() => import('./pages/VerifyEmailPage.js'), 'VerifyEmailPage');
const WelcomePage = pageChunk(() => import('./pages/WelcomePage.js'), 'WelcomePage');
const AccountPage = pageChunk(() => import('./pages/AccountPage.js'), 'AccountPage');

export const authRoutes: AppRoute[] = [
  {
    id: 'auth.login',
    path: '/login',
    layout: 'site',
    access: 'public',
    feature: 'auth',
    page: LoginPage,
    title: 'Sign in',
    summary: 'Sign in as staff, teacher or learner.',
  },
  {
    id: 'auth.olympiad-login',
    path: '/:olympiadName/login',
    layout: 'plain',
    access: 'public',
    feature: 'auth',
    page: LoginPage,
    title: 'Sign in',
    summary: 'Learners sign in to their olympiad.',
  },
  {
    id: 'auth.verify-email',
    path: '/verify-email/:uuid',
    layout: 'plain',
    access: 'public',
    feature: 'auth',
    page: VerifyEmailPage,
    title: 'Verify your email',
    summary: 'Confirms an email address and sets a password.',
  },
  {
    id: 'auth.welcome',
    path: '/welcome',
    layout: 'site',
    access: 'signed-in',
    feature: 'auth',
    page: WelcomePage,
    title: 'Welcome',
    summary: 'For signed-in staff who have no olympiad yet.',
  },
  {
    id: 'auth.account',
    path: '/my-account',
    layout: 'site',
    access: ['overlord', 'admin', 'accountant', 'funding', 'teacher'],
    feature: 'auth',
    page: AccountPage,
    title: 'Your account',
    summary: 'Two-factor sign-in: set it up, recovery codes, turn it off.',
  },
  {
    id: 'portal.update-password',
    path: '/portal/update-password',
    layout: 'portal',
    access: ['teacher'],
    feature: 'auth',
    page: UpdatePasswordPage,
    nav: 'My account',
    title: 'Update password',
    summary: 'Choose a new password.',
  },
];
