import { requires } from '../../middleware/capability';
import { createAdminRouter } from '../router';
import { isLang } from '../../../shared/i18n/types';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import { parseId } from '../../middleware/validate';
import { loadPdfRenderer } from '../../services/mail-attachments';
import { creditNoteDocument, getCreditNote } from '../../services/billing/credit-notes';

// Credit notes (INV-40..INV-45). Issued on their invoice (POST /api/admin/invoices/:id/credit-notes, owner
// only); read here by staff who see invoices.
//
// GET /api/admin/credit-notes/:id              the credit note with its lines and invoice number
// GET /api/admin/credit-notes/:id.pdf[?lang=]  application/pdf in the patient's language (en, mr, hi), or lang's

const LANG_MESSAGE = 'lang must be en, mr or hi';

export function creditNoteRoutes(deps: Deps) {
  const router = createAdminRouter(deps, { prefix: '/api/admin/credit-notes' });

  router.get('/:id.pdf', requires('invoices.read'), async (ctx) => {
    const id = parseId(ctx.params.id, 'Credit note');
    const lang = ctx.query.lang;
    if (lang !== undefined && !isLang(lang)) throw badRequest(LANG_MESSAGE, { lang: LANG_MESSAGE });
    const doc = await creditNoteDocument(deps, id, isLang(lang) ? lang : undefined);
    const { renderCreditNotePdf } = await loadPdfRenderer();
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${doc.fileName}"`);
    ctx.body = await renderCreditNotePdf(doc);
  });

  router.get('/:id', requires('invoices.read'), async (ctx) => {
    ctx.body = await getCreditNote(deps, parseId(ctx.params.id, 'Credit note'));
  });

  return router;
}
