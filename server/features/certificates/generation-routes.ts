import type { FastifyInstance } from 'fastify';
import { Ok } from '#contract/errors';
import {
  CertificateJobStarted,
  CertificatesOlympiadQuery,
  GenerationStatus,
  RegenerateQuery,
  SendStatus,
  SendStatusQuery,
} from '#contract/certificates';
import { conflict } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { findJob, insertJob } from '../../platform/jobs.js';
import { mailOnDemandOnce } from '../../platform/mail-on-demand.js';
import { publicAddress } from '../../platform/public-address.js';
import {
  type CertificateDeps,
  GENERATE_JOB,
  regenerateSchool,
  removeFiles,
  requirePublished,
  runGeneration,
  runSending,
  SEND_JOB,
} from './generate.js';
import { olympiadLoader, participantLoader } from './load.js';
import { certificatesPolicy } from './policy.js';
import { presentBatch, presentJob } from './present.js';
import * as batches from './batch-queries.js';
import * as queries from './queries.js';
import { count } from '#contract/numbers';

const tags = ['certificates'];
const { access } = certificatesPolicy;

/** Generation and sending as background jobs (decision 021), their status, and one school regenerated and resent. */
export async function certificateGenerationRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): CertificateDeps => ({
    db: app.db,
    storage: app.storage,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
  });
  const latestJob = async (olympiadId: number, kind: string) => {
    const id = await queries.latestJobId(app.db, olympiadId, kind);
    const job = id == null ? null : await findJob(app.db, id, kind);
    return job ? presentJob(job) : null;
  };

  route(app, {
    method: 'POST',
    url: '/certificates/generate',
    summary:
      'Generate the certificates of the published results: the rows (codes kept), then one PDF per school, as a ' +
      'background job; poll GET /certificates/get-generation-status',
    tags,
    access: access.generate,
    query: CertificatesOlympiadQuery,
    response: CertificateJobStarted,
    transaction: true,
    load: ({ db, actor, query }) => olympiadLoader.load(db, actor, query.olympiadId, 'generate'),
    handler: async ({ db, actor, record, reply, audit }) => {
      requirePublished(record);
      if (await queries.jobActive(db, record.id, [GENERATE_JOB, SEND_JOB]))
        throw conflict('Certificates of this olympiad are being generated or sent: wait for that job to finish');
      const job = await insertJob(db, {
        kind: GENERATE_JOB,
        status: 'queued',
        label: `Certificates of ${record.title}`,
        olympiadId: record.id,
        createdBy: actor.userId,
        phase: 'queued',
        payload: { olympiadId: record.id },
      });
      await audit('certificate.generate', { entityId: record.id, olympiadId: record.id, data: { jobId: job.id } });
      app.jobs.kick();
      reply.status(202);
      return { success: true as const, message: 'The certificates are being generated', job: presentJob(job) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/certificates/get-generation-status',
    summary: 'The latest generation job of an olympiad (progress: done of total, phase), its schools and certificates',
    tags,
    access: access.generate,
    query: CertificatesOlympiadQuery,
    response: GenerationStatus,
    load: ({ db, actor, query }) => olympiadLoader.load(db, actor, query.olympiadId, 'generate'),
    handler: async ({ db, record }) => {
      const counts = await batches.generationCounts(db, record.id);
      return {
        success: true as const,
        published: record.publishedAt != null,
        job: await latestJob(record.id, GENERATE_JOB),
        schools: { total: counts.schools, generated: counts.generated },
        certificates: counts.certificates,
        publicAddress: publicAddress(app.config.publicUrl),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/certificates/send',
    summary:
      'Mail each school’s teacher a link to their certificates, once per school (never twice), as a background ' +
      'job; poll GET /certificates/get-send-status',
    tags,
    access: access.generate,
    query: CertificatesOlympiadQuery,
    response: CertificateJobStarted,
    transaction: true,
    load: ({ db, actor, query }) => olympiadLoader.load(db, actor, query.olympiadId, 'generate'),
    handler: async ({ db, actor, record, reply, audit }) => {
      requirePublished(record);
      if (await queries.jobActive(db, record.id, [GENERATE_JOB, SEND_JOB]))
        throw conflict('Certificates of this olympiad are being generated or sent: wait for that job to finish');
      const waiting = await batches.batchesToSend(db, record.id);
      if (!waiting.length) {
        const { generated } = await batches.generationCounts(db, record.id);
        throw conflict(
          generated
            ? 'Every school’s certificates have been sent; regenerate a school to send it again'
            : 'Generate the certificates first',
        );
      }
      const job = await insertJob(db, {
        kind: SEND_JOB,
        status: 'queued',
        label: `Certificate mail of ${record.title}`,
        olympiadId: record.id,
        createdBy: actor.userId,
        total: waiting.length,
        phase: 'queued',
        payload: { olympiadId: record.id },
      });
      await audit('certificate.send', {
        entityId: record.id,
        olympiadId: record.id,
        data: { jobId: job.id, schools: waiting.length },
      });
      app.jobs.kick();
      reply.status(202);
      return {
        success: true as const,
        message: `Sending ${waiting.length === 1 ? 'one school its' : `${waiting.length} schools their`} certificates`,
        job: presentJob(job),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/certificates/get-send-status',
    summary: 'The latest send job, the count of schools in each send state, and a page of schools with theirs',
    tags,
    access: access.generate,
    query: SendStatusQuery,
    response: SendStatus,
    load: ({ db, actor, query }) => olympiadLoader.load(db, actor, query.olympiadId, 'generate'),
    handler: async ({ db, query, record }) => {
      const { items, total, counts } = await batches.listBatches(db, record.id, query);
      return {
        success: true as const,
        job: await latestJob(record.id, SEND_JOB),
        counts: {
          pending: counts.get('pending') ?? 0,
          queued: counts.get('queued') ?? 0,
          sent: counts.get('sent') ?? 0,
          failed: counts.get('failed') ?? 0,
        },
        schools: items.map(presentBatch),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/certificates/regenerate-and-send-to-school',
    summary:
      'One school after a fix: its certificates from the current names (codes kept), its PDF again, and its ' +
      'teacher mailed again (a GET, as the specification has it); at most once in 10 minutes per school (429 with ' +
      'Retry-After, nothing done)',
    tags,
    access: access.generate,
    query: RegenerateQuery,
    response: Ok,
    transaction: true,
    load: ({ db, actor, query }) => participantLoader.load(db, actor, query.schoolParticipantId, 'generate'),
    handler: async ({ db, record, reply, audit }) => {
      // Before any drawing: a repeat within ten minutes is refused at once, having regenerated and mailed nothing.
      await mailOnDemandOnce(db, 'certificates', record.id, `${record.schoolName}’s certificates`);
      const olympiad = (await queries.findOlympiad(db, record.olympiadId))!;
      if (await queries.jobActive(db, olympiad.id, [GENERATE_JOB]))
        throw conflict('Certificates of this olympiad are being generated: wait for that job to finish');
      const done = await regenerateSchool(db, deps(), olympiad, record.id);
      await audit('certificate.regenerate', {
        entityId: record.id,
        olympiadId: olympiad.id,
        data: { certificates: done.count, mailId: done.mail.mailId },
      });
      // The replaced PDF goes once the answer is out, i.e. once this is committed (the answer follows the commit).
      if (done.oldKey && done.oldKey !== done.key)
        reply.raw.once('finish', () => void removeFiles(app.storage, [done.oldKey]));
      const mailed = done.mail.mailId
        ? 'its teacher is mailed the link again'
        : `no mail went out: ${done.mail.error?.toLowerCase() ?? 'no teacher'}`;
      return {
        success: true as const,
        message: `${record.schoolName}: ${count(done.count, 'certificate')} generated again; ${mailed}`,
      };
    },
  });

  app.jobs.register(GENERATE_JOB, (ctx) => runGeneration(deps(), ctx));
  app.jobs.register(SEND_JOB, (ctx) => runSending(deps(), ctx));
}
