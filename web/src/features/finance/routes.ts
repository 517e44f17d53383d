import { type AppRoute, pageChunk, sections, staffAccess, staffPage } from '../../lib/routing/index.js';

const AccountsPage = pageChunk(() => import('./pages/AccountsPage.js'), 'AccountsPage');
const InvoicesPage = pageChunk(() => import('./pages/InvoicesPage.js'), 'InvoicesPage');
const PaymentPortalPage = pageChunk(() => import('./pages/PaymentPortalPage.js'), 'PaymentPortalPage');
const PaymentsDashboardRoute = pageChunk(() => import('./pages/PaymentsDashboardRoute.js'), 'PaymentsDashboardRoute');

export const financeRoutes: AppRoute[] = [
  ...staffPage(sections.financeFunding, {
    sub: 'payments',
    title: 'Payment Portal',
    feature: 'finance',
    nav: 'Overview',
    access: staffAccess.payments,
    page: PaymentPortalPage,
    summary: 'Every school’s order, invoice and payments: mark, comment, grant free learners, import bank statements.',
  }),
  ...staffPage(sections.admin, {
    sub: 'payments',
    title: 'Payments dashboard',
    feature: 'finance',
    nav: 'Overview',
    access: staffAccess.admin,
    summary: 'Invoiced, paid, outstanding and pre-approved, by province and over time.',
    page: PaymentsDashboardRoute,
  }),
  {
    id: 'portal.invoices',
    path: '/portal/:olympiadName/invoices',
    layout: 'portal',
    access: ['teacher'],
    feature: 'finance',
    nav: 'Olympiad',
    title: 'Invoices',
    summary: 'Your school’s order, its invoice and purchase-order number, and how to pay.',
    page: InvoicesPage,
  },
  {
    id: 'overlord.edit.accounts',
    path: '/overlord/edit/accounts',
    layout: 'overlord',
    access: ['overlord'],
    feature: 'finance',
    nav: 'People',
    title: 'Accounts',
    summary: 'Who invoices each olympiad, and the bank account schools pay into.',
    page: AccountsPage,
  },
];
