import type { FastifyInstance } from 'fastify';
import {
  CertificateConfig,
  CertificateConfigAnswer,
  CertificateConfigSaved,
  CertificateFile,
  CertificateFileParams,
  CertificateFontParams,
  CertificatePreviewBody,
  CertificatePreviewQuery,
} from '#contract/certificates';
import { IdParams } from '#contract/ids';
import { invalid, notFound } from '../../http/errors.js';
import { fileAnswer, route } from '../../http/route.js';
import { iso } from '../../platform/dates.js';
import { publicAddress } from '../../platform/public-address.js';
import { readUpload } from '../../platform/upload.js';
import { awardRuleOf, configProblems, kindsOf } from './config.js';
import { CERTIFICATE_FILE_MAX_BYTES, prepareFile, sniffCertificateFile } from './files.js';
import { unsupportedFile } from './errors.js';
import { configOf, fileIdsOf, prepareFiles } from './generate.js';
import { olympiadLoader } from './load.js';
import { certificatePdf, type CertificatePrint } from './pdf.js';
import { fontFile } from './pdf-fonts.js';
import { certificatesPolicy } from './policy.js';
import { verifyUrl } from './present.js';
import * as queries from './queries.js';
import { certificateOf, previewSource } from './certificate-queries.js';

const tags = ['certificates'];
const { access } = certificatesPolicy;

/** The designer (docs/spec.md: GET and POST /olympiad/certificate-config/{id}), its files and its preview. */
export async function certificateConfigRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/olympiad/certificate-config/:id',
    summary:
      'The certificate config of an olympiad (the default one when none is saved) and the kinds its award rule gives',
    tags,
    access: access.design,
    params: IdParams,
    response: CertificateConfigAnswer,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'design'),
    handler: async ({ db, record }) => {
      const saved = await queries.findConfig(db, record.id);
      return {
        success: true as const,
        config: await configOf(db, record.id),
        kinds: kindsOf(awardRuleOf(record.awardRule), record.kind),
        updatedAt: saved ? iso(saved.updatedAt) : null,
        publicAddress: publicAddress(app.config.publicUrl),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/certificate-config/:id',
    summary:
      'Save the certificate config (the body: the JSON config), checked: fields inside the page, known kinds, own files',
    tags,
    access: access.design,
    params: IdParams,
    body: CertificateConfig,
    response: CertificateConfigSaved,
    transaction: true,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'design'),
    handler: async ({ db, actor, body, record, audit }) => {
      const kinds = kindsOf(awardRuleOf(record.awardRule), record.kind);
      const problems = configProblems(body, kinds, await queries.fileTypes(db, record.id, fileIdsOf(body)));
      if (problems.length) throw invalid(problems, 'The certificate design needs attention');
      const saved = await queries.saveConfig(db, record.id, body, actor.userId);
      await audit('certificate-config.save', {
        entityId: record.id,
        olympiadId: record.id,
        data: { templates: Object.keys(body.templates), fields: body.default.fields.length },
      });
      return {
        success: true as const,
        message: 'The certificate design is saved',
        config: body,
        updatedAt: iso(saved.updatedAt),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/certificate-config/:id/files',
    summary:
      'Upload a background (PDF, PNG or JPEG) or a signature (PNG or JPEG) for the designer (multipart, field "file")',
    tags,
    access: access.design,
    upload: 'file',
    params: IdParams,
    response: CertificateFile,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'design'),
    handler: async ({ db, req, actor, record, audit }) => {
      const upload = await readUpload(req, { maxBytes: CERTIFICATE_FILE_MAX_BYTES });
      const type = sniffCertificateFile(upload.bytes);
      if (!type) throw unsupportedFile();
      const { bytes, ...size } = await prepareFile(upload.bytes, type);
      const stored = await app.storage.put(upload.fileName, bytes);
      const name = upload.fileName.slice(0, 200);
      // No transaction: the file is in storage first, then its row and its audit row (as every upload does).
      const fileId = await queries.insertFile(db, {
        key: stored.key,
        name,
        contentType: type,
        size: stored.size,
        sha256: stored.sha256,
        olympiadId: record.id,
        by: actor.userId,
      });
      await audit('upload.create', {
        entityId: fileId,
        olympiadId: record.id,
        data: { name, contentType: type, size: stored.size, for: 'certificates' },
      });
      return { success: true as const, fileId, name, contentType: type, ...size };
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/certificate-config/:id/files/:fileId',
    summary: 'One of the olympiad’s files, for the designer’s canvas',
    tags,
    access: access.design,
    response: fileAnswer('image/png', 'image/jpeg', 'image/webp', 'font/ttf', 'font/otf'),
    params: CertificateFileParams,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'design'),
    handler: async ({ db, params, record, reply }) => {
      const file = await queries.findFile(db, record.id, params.fileId);
      if (!file || !(await app.storage.exists(file.filename))) throw notFound('This file');
      const ascii = file.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .type(file.contentType)
        .header('content-disposition', `inline; filename="${ascii}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=300')
        .send(await app.storage.get(file.filename));
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/certificate-config/:id/fonts/:font',
    summary: 'A font the certificates print with (TrueType), so that the designer’s canvas draws the PDF’s letters',
    tags,
    access: access.design,
    response: fileAnswer('font/ttf'),
    params: CertificateFontParams,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'design'),
    handler: async ({ params, reply }) =>
      reply
        .type('font/ttf')
        .header('x-content-type-options', 'nosniff')
        // The same bytes for every olympiad until the server is upgraded: a day in the browser's cache.
        .header('cache-control', 'private, max-age=86400')
        .send(fontFile(params.font).bytes),
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/certificate-config/:id/preview',
    summary:
      'One certificate as a PDF with an unsaved config: the given attempt’s learner, else the best-scoring one; in the language given (one the olympiad offers), else its default',
    tags,
    access: access.design,
    response: fileAnswer('application/pdf'),
    params: IdParams,
    query: CertificatePreviewQuery,
    body: CertificatePreviewBody,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'design'),
    handler: async ({ db, body, query, record, reply }) => {
      const language = query.language ?? (record.defaultLanguage === 'af' ? 'af' : 'en');
      if (!record.languages.includes(language))
        throw invalid([
          {
            path: 'query.language',
            message: `This olympiad is not offered in ${language === 'af' ? 'Afrikaans' : 'English'}`,
          },
        ]);
      const kinds = kindsOf(awardRuleOf(record.awardRule), record.kind);
      const problems = configProblems(
        body.config,
        kinds,
        await queries.fileTypes(db, record.id, fileIdsOf(body.config)),
      );
      if (problems.length)
        throw invalid(
          problems.map((p) => ({ ...p, path: p.path.replace(/^body\./, 'body.config.') })),
          'The certificate design needs attention',
        );
      if (body.kind && !kinds.some((k) => k.key === body.kind))
        throw invalid([{ path: 'body.kind', message: 'The award rule has no such certificate kind' }]);
      const source = await previewSource(db, record.id, body.attemptId);
      if (body.attemptId != null && !source) throw notFound('This attempt');
      const earned = source?.award
        ? certificateOf({ award: source.award, bestInSchool: !!source.bestInSchool }, kinds)
        : null;
      const kind = body.kind ?? earned?.kind ?? kinds[0]?.key ?? 'participation';
      const label = kinds.find((k) => k.key === kind)?.label ?? kind;
      const code = source?.code ?? 'SAMPLE234567';
      const print: CertificatePrint = {
        kind,
        learnerName: source?.learnerName || 'Zoë Müller-Nel',
        schoolName: source?.schoolName || 'Hoërskool Waterkloof',
        grade: source?.grade ?? 10,
        awardLabel: body.kind || !earned ? label : earned.awardLabel,
        score: source?.score ?? 42,
        maxScore: source?.maxScore ?? 50,
        percent: source?.percent ?? 84,
        percentile: source?.percentile ?? null,
        rank: source?.rank ?? null,
        olympiadTitle: record.title,
        issuedAt: new Date(),
        code,
        verifyUrl: verifyUrl(app.config.publicUrl, code),
        language,
      };
      const files = await prepareFiles(db, app.storage, record.id, body.config);
      const bytes = await certificatePdf(body.config, files, print);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="certificate-preview.pdf"')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  });
}
