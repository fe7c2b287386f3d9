import { emailWords } from '../../shared/emails/language';
import { fmt, type Lang } from '../../shared/i18n/types';
import { REVIEW_TEXT_MAX } from '../../shared/schemas/review';
import { renderPersonalPage } from './personal-page';

// REV-2, REV-3: the review form behind a review request's single-use link, and its answers, as React
// components rendered by the personal pages' one shell (SEC-8), in the language the visit was booked in
// (I18N-7). The form is a plain post to its own address.

/** What the form shows about the visit: the language, its date and the two names the patient may choose. */
export interface ReviewFormInvite {
  language: Lang;
  visitDate: string;
  initials: string;
  short: string;
}

export interface ReviewFormState {
  rating?: number;
  text?: string;
  name?: 'initials' | 'short';
  errors?: string[];
}

function ReviewForm({ invite, action, state }: { invite: ReviewFormInvite; action: string; state: ReviewFormState }) {
  const w = emailWords(invite.language);
  const t = w.t;
  const name = state.name ?? 'initials';
  return (
    <>
      <h1>{t.reviewPageTitle}</h1>
      <div className="card">
        {state.errors && state.errors.length > 0 && (
          <div className="error" role="alert">
            {state.errors.map((e) => (
              <p key={e}>{e}</p>
            ))}
          </div>
        )}
        <p>{fmt(t.reviewPageIntro, { date: w.longDate(invite.visitDate) })}</p>
        <form method="post" action={action}>
          <fieldset>
            <legend>{t.reviewRating}</legend>
            <div className="stars">
              {[5, 4, 3, 2, 1].map((n) => {
                const label = fmt(t.reviewStars, { n });
                return [
                  <input key={`i${n}`} type="radio" id={`star${n}`} name="rating" value={n} defaultChecked={state.rating === n} required={n === 5} />,
                  <label key={`l${n}`} htmlFor={`star${n}`} title={label}>
                    ★<span className="sr">{label}</span>
                  </label>,
                ];
              })}
            </div>
          </fieldset>
          <label className="l" htmlFor="text">
            {t.reviewText}
          </label>
          <textarea id="text" name="text" maxLength={REVIEW_TEXT_MAX} aria-describedby="text-hint" defaultValue={state.text ?? ''} />
          <p className="hint" id="text-hint">
            {t.reviewTextHint}
          </p>
          <fieldset>
            <legend>{t.reviewName}</legend>
            <label className="radio">
              <input type="radio" name="name" value="initials" defaultChecked={name === 'initials'} /> {fmt(t.reviewNameInitials, { initials: invite.initials })}
            </label>
            <label className="radio">
              <input type="radio" name="name" value="short" defaultChecked={name === 'short'} /> {fmt(t.reviewNameFull, { short: invite.short })}
            </label>
          </fieldset>
          <button type="submit">{t.reviewSubmit}</button>
        </form>
      </div>
    </>
  );
}

function ReviewMessage({ lang, text, ok }: { lang: Lang; text: string; ok: boolean }) {
  const t = emailWords(lang).t;
  return (
    <>
      <h1>{t.reviewPageTitle}</h1>
      <div className="card">
        <p className={ok ? 'ok' : 'error'} role={ok ? 'status' : 'alert'}>
          {text}
        </p>
      </div>
    </>
  );
}

export function reviewFormPage(invite: ReviewFormInvite, action: string, state: ReviewFormState = {}): string {
  return renderPersonalPage(invite.language, emailWords(invite.language).t.reviewPageTitle, <ReviewForm invite={invite} action={action} state={state} />);
}

/** The thank-you page (ok) or the "used or not valid" one. */
export function reviewMessagePage(lang: Lang, text: string, ok: boolean): string {
  return renderPersonalPage(lang, emailWords(lang).t.reviewPageTitle, <ReviewMessage lang={lang} text={text} ok={ok} />);
}
