import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { personalDataRead } from '../../platform/audit.js';
import {
  CertificateList,
  CertificateListQuery,
  SchoolCertificates,
  SchoolCertificatesQuery,
  SchoolPdfParams,
} from '#contract/certificates';
import { IdParams } from '#contract/ids';
import { forbidden, HttpError } from '../../http/errors.js';
import { fileAnswer, route } from '../../http/route.js';
import { isoOrNull } from '../../platform/dates.js';
import { awardRuleOf, kindsOf } from './config.js';
import { certificateLanguages, configOf, runFiles } from './generate.js';
import { certificateLoader, olympiadLoader, ownSchoolLoader, participantLoader, toDownload } from './load.js';
import { certificateTitle } from './pdf.js';
import { renderBatch } from './render-pool.js';
import { certificatesPolicy } from './policy.js';
import { presentCertificate, printOf } from './present.js';
import { findBatch } from './batch-queries.js';
import { kindCounts, listCertificates } from './certificate-queries.js';
import * as queries from './queries.js';

const tags = ['certificates'];
const { access } = certificatesPolicy;

/** A PDF drawn here (bytes), or a stored one streamed from the storage with its length (a school's batch). */
function sendPdf(reply: FastifyReply, body: Uint8Array | { stream: Readable; size: number }, filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'private, no-store');
  if (body instanceof Uint8Array) return reply.send(Buffer.from(body));
  return reply.header('content-length', body.size).send(body.stream);
}

const fileName = (...parts: string[]) =>
  `${parts
    .join(' ')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()}.pdf`;

/**
 * Browsing (docs/spec.md: GET /olympiad/certificate-list/{id}), the teacher's page, and the downloads: heavy downloads
 * (decision 065), one certificate drawn on the render threads.
 */
export async function certificateDownloadRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/olympiad/certificate-list/:id',
    summary:
      'A page of an olympiad’s certificates (search by learner, school or code; by school and kind), with the kinds and their counts',
    tags,
    access: access.browse,
    params: IdParams,
    query: CertificateListQuery,
    response: CertificateList,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'browse'),
    handler: async ({ db, query, record }) => {
      const { items, total } = await listCertificates(db, record.id, query);
      const counts = await kindCounts(db, record.id);
      const kinds = kindsOf(awardRuleOf(record.awardRule), record.kind);
      // Kinds of certificates made under an earlier rule still show, so that none is hidden from the filter.
      for (const kind of counts.keys()) if (!kinds.some((k) => k.key === kind)) kinds.push({ key: kind, label: kind });
      return {
        success: true as const,
        items: items.map(presentCertificate),
        total,
        page: query.page,
        pageSize: query.pageSize,
        kinds: kinds.map((k) => ({ ...k, count: counts.get(k.key) ?? 0 })),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/certificates/school',
    summary:
      'The teacher’s own school’s certificates in an olympiad (once its results are published) and its PDF’s state',
    tags,
    access: access.ownSchool,
    query: SchoolCertificatesQuery,
    response: SchoolCertificates,
    load: ({ db, actor, query }) => ownSchoolLoader.load(db, actor, query.olympiadId, 'ownSchool'),
    handler: async ({ db, query, record }) => {
      const participantId = record.participantId;
      const empty = { certificates: [], total: 0, page: query.page, pageSize: query.pageSize };
      const published = record.publishedAt != null;
      if (!published)
        return { success: true as const, published, schoolParticipantId: participantId, batch: null, ...empty };
      const batch = await findBatch(db, participantId);
      const { items, total } = await listCertificates(db, record.id, {
        ...query,
        schoolParticipantId: participantId,
        standing: true,
      });
      return {
        success: true as const,
        published,
        schoolParticipantId: participantId,
        batch:
          batch && batch.fileKey
            ? {
                certificates: batch.certificates,
                generatedAt: isoOrNull(batch.generatedAt),
                sentAt: isoOrNull(batch.sentAt),
              }
            : null,
        certificates: items.map(presentCertificate),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/certificates/school/:schoolParticipantId/pdf',
    summary:
      'A school’s certificates as one print-ready PDF (the olympiad’s admins; the school’s teacher once published)',
    tags,
    access: access.download,
    response: fileAnswer('application/pdf'),
    params: SchoolPdfParams,
    heavy: true,
    load: ({ db, actor, params }) => toDownload(participantLoader, db, actor, params.schoolParticipantId),
    handler: async ({ db, record, reply, audit }) => {
      const batch = await findBatch(db, record.id);
      const size = batch?.fileKey ? await app.storage.size(batch.fileKey) : null;
      if (!batch?.fileKey || size == null)
        throw new HttpError(404, 'not_found', 'This school’s certificates are not generated yet');
      // The batch names every learner of the school: one audit row for the download (decision 109).
      await audit(
        'personal-data.read',
        personalDataRead({
          what: 'certificates-batch',
          olympiadId: record.olympiadId,
          schoolId: record.schoolId,
          count: batch.certificates,
          format: 'pdf',
        }),
      );
      const olympiad = (await queries.findOlympiad(db, record.olympiadId))!;
      // Streamed from the storage: a school's batch of hundreds of pages is never held whole in memory.
      const stream = await app.storage.open(batch.fileKey);
      return sendPdf(reply, { stream, size }, fileName('Certificates', record.schoolName, olympiad.title));
    },
  });

  route(app, {
    method: 'GET',
    url: '/certificates/:id/pdf',
    summary: 'One certificate as a PDF, drawn with the current design in the language its learner wrote in',
    tags,
    access: access.download,
    response: fileAnswer('application/pdf'),
    params: IdParams,
    heavy: true,
    load: ({ db, actor, params }) => toDownload(certificateLoader, db, actor, params.id),
    handler: async ({ db, actor, record, reply, audit }) => {
      if (record.revokedAt != null && actor.role === 'teacher')
        throw forbidden('This certificate was withdrawn with its result');
      await audit(
        'personal-data.read',
        personalDataRead({
          what: 'certificate',
          olympiadId: record.olympiadId,
          schoolId: record.schoolId,
          learnerId: record.userId,
          format: 'pdf',
        }),
      );
      const config = await configOf(db, record.olympiadId);
      const files = await runFiles(db, app.storage, record.olympiadId, config);
      // In the language its learner wrote in, as in the school's batch (decision 095).
      const languages = await certificateLanguages(db, [record.attemptId]);
      const print = {
        ...printOf(record, app.config.publicUrl),
        language: (record.attemptId != null && languages.get(record.attemptId)) || 'en',
      };
      const bytes = await renderBatch(config, files, certificateTitle(print), [print]);
      return sendPdf(reply, bytes, fileName('Certificate', record.learnerName, record.code));
    },
  });
}
