import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';
import { AccountsPage } from './pages/AccountsPage.js';
import { InvoicesPage } from './pages/InvoicesPage.js';
import { PaymentPortalPage } from './pages/PaymentPortalPage.js';
import { PaymentsDashboardRoute } from './pages/PaymentsDashboardRoute.js';

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
