import { type Call, aMailing, demo, foreign, ours } from './testing.js';

/** A learner of the admin's olympiad, in their own sitting, answering another olympiad's question. */
export const learnerCalls: Call[] = [
  {
    name: 'answer another olympiad’s question in their own sitting',
    method: 'PUT',
    path: () => `/api/sitting/${ours.olympiadName}/answers/${foreign.question}`,
    body: () => ({ value: { type: 'single', optionId: 'a' } }),
    expect: 404,
  },
];

/** The accountant of the admin's olympiad: purchase orders. */
export const accountantCalls: Call[] = [
  {
    name: 'list another olympiad’s purchase orders',
    method: 'GET',
    path: () => `/purchase-order/api/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'mark their own olympiad’s purchase order paid, naming another olympiad’s entry',
    method: 'PUT',
    path: () => `/purchase-order/rest/${ours.order}?status=paid&customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 409,
  },
  {
    name: 'remove their own olympiad’s purchase order, naming another olympiad’s entry',
    method: 'DELETE',
    path: () => `/purchase-order/rest/${ours.order}?status=delete&customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 409,
  },
  {
    name: 'mark another olympiad’s purchase order paid, naming their own entry',
    method: 'PUT',
    path: () => `/purchase-order/rest/${foreign.order}?status=paid&customerParticipantId=${ours.orderParticipant}`,
    expect: 404,
  },
  {
    name: 'remove another olympiad’s purchase order',
    method: 'DELETE',
    path: () =>
      `/purchase-order/rest/${foreign.order}?status=delete&customerParticipantId=${foreign.olympiadParticipant}`,
    expect: 404,
  },
  {
    name: 'compose a mailing',
    method: 'POST',
    path: () => '/emailer/api/',
    body: () => aMailing(demo.geoDemo),
    expect: 403,
  },
];

/** Funding staff of the admin's olympiad: mass mail and its attachments. */
export const fundingCalls: Call[] = [
  {
    name: 'compose a mailing in their olympiad with another olympiad’s attachment',
    method: 'POST',
    path: () => '/emailer/api/',
    body: () => aMailing(demo.geoDemo, [foreign.attachment]),
    expect: 400,
  },
  {
    name: 'edit their olympiad’s mailing, attaching another olympiad’s attachment',
    method: 'PUT',
    path: () => `/emailer/api/${ours.mailing}`,
    body: () => aMailing(demo.geoDemo, [foreign.attachment]),
    expect: 400,
  },
  {
    name: 'edit another olympiad’s mailing',
    method: 'PUT',
    path: () => `/emailer/api/${foreign.mailing}`,
    body: () => aMailing(demo.geoDemo),
    expect: 404,
  },
  {
    name: 'read another olympiad’s attachment',
    method: 'GET',
    path: () => `/attachment/api/${foreign.attachment}`,
    expect: 404,
  },
  {
    name: 'list another olympiad’s useful contacts',
    method: 'GET',
    path: () => `/useful-contact/v-rest/?olympiadId=${foreign.olympiad}`,
    expect: 404,
  },
  {
    name: 'edit their olympiad’s useful contact, moving it into another olympiad',
    method: 'PUT',
    path: () => `/useful-contact/v-rest/${ours.contact}`,
    body: () => ({ olympiadId: foreign.olympiad, name: 'Moved', email: 'moved@example.org' }),
    expect: 400,
  },
  {
    name: 'add a useful contact to another olympiad',
    method: 'POST',
    path: () => '/useful-contact/v-rest/',
    body: () => ({ olympiadId: foreign.olympiad, name: 'Planted', email: 'planted@example.org' }),
    expect: 404,
  },
];
