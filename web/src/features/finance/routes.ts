import { sections, staffAccess, staffPage, type AppRoute } from '../../lib/routing/index.js';
import { PaymentPortalPage } from './pages/PaymentPortalPage.js';

export const financeRoutes: AppRoute[] = [
  ...staffPage(sections.financeFunding, {
    sub: 'payments',
    title: 'Payment Portal',
    feature: 'finance',
    nav: 'Overview',
    access: staffAccess.payments,
    page: PaymentPortalPage,
    summary: 'Purchase orders and invoices of every school, to mark paid or pre-approved.',
  }),
  ...staffPage(sections.admin, {
    sub: 'payments',
    title: 'Payments dashboard',
    feature: 'finance',
    nav: 'Overview',
    access: staffAccess.admin,
    summary: 'The state of every school’s purchase order and payment in this olympiad.',
    page: PaymentPortalPage,
  }),
  {
    id: 'portal.invoices',
    path: '/portal/:olympiadName/invoices',
    layout: 'portal',
    access: ['teacher'],
    feature: 'finance',
    nav: 'Olympiad',
    title: 'Invoices',
    summary: 'Your school’s invoices, and the purchase-order number to put on them, will be managed here.',
  },
];
