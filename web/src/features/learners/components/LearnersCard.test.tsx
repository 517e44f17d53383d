import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsentCount, LearnerPage } from '#contract/learners';
import type { PublicAddress } from '#contract/public-address';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { LearnersCard } from './LearnersCard.js';

/**
 * The card that prints the learners' sign-in slips, and the address they print (the server's PUBLIC_URL): a plain
 * warning while it is one only the server's machine reaches, nothing when it is a public name. Only the network is
 * stubbed.
 */

const warning = 'The sign-in slips would point to this computer only';

const page = (publicAddress: PublicAddress) =>
  ok(LearnerPage, {
    success: true,
    items: [
      {
        id: 7,
        username: 'thandi.m',
        firstName: 'Thandi',
        lastName: 'Mokoena',
        grade: 10,
        dateOfBirth: null,
        schoolId: 4,
        schoolName: 'Waterkloof High',
        olympiadId: 3,
        hasSlipPassword: true,
        consentRecorded: true,
        can: { update: true, delete: true, setPassword: true },
      },
    ],
    total: 1,
    page: 1,
    pageSize: 25,
    publicAddress,
  });

const show = (publicAddress: PublicAddress) => {
  stubApi({
    'GET /learner/v-rest/': page(publicAddress),
    'GET /learner/v-rest/consent-count': ok(ConsentCount, { success: true, learners: 1, recorded: 1, missing: 0 }),
  });
  renderWithApp(<LearnersCard scope={{ olympiadId: 3 }} grades={{ minGrade: 8, maxGrade: 12 }} slipName="geo" />);
};

describe('LearnersCard and the address the slips print', () => {
  it('warns plainly while the address is a local one, naming what the slips would print', async () => {
    show({ url: 'http://127.0.0.1:3000', local: true });

    const alert = await screen.findByRole('alert', { name: warning });
    expect(alert.textContent).toContain('tells learners to sign in at 127.0.0.1:3000');
    expect(alert.textContent).toContain('PUBLIC_URL');
    screen.getByRole('button', { name: 'Sign-in slips (PDF)' });
  });

  it('says nothing of the sort when the address is a public one', async () => {
    show({ url: 'https://olympiad.example.org', local: false });

    await screen.findByText('thandi.m');
    expect(screen.queryByRole('alert', { name: warning })).toBeNull();
  });

  it('shows whether consent is recorded, and how many of the learners have it', async () => {
    show({ url: 'https://olympiad.example.org', local: false });

    await screen.findByText('Consent recorded for 1 of 1 learners');
    screen.getByText('Recorded');
    screen.getByRole('switch', { name: 'Only learners without recorded consent' });
  });
});
