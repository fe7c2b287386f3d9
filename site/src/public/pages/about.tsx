import { useEffect, useRef, useState } from 'react';
import { clinic } from '../../../../shared/constants/clinic';
import { BookButton } from '../components/book-button';
import type { SiteSetting } from '../../../../shared/schemas/site-setting';
import { paths, usePublicData } from '../app/data';
import { pageHead, titleSuffix } from '../app/head';
import type { PageModule } from '../app/page-module';
import { clinicJsonLd, embeddedDayHours } from '../app/structured-data';
import { fmt, useT } from '../app/i18n';
import { useHoursValues } from '../app/opening-hours';
import { doctorProfile } from '../app/site-config';
import { Icon, type IconName } from '../components/icons';
import { PageHeader, SectionHeading } from '../components/ui';

// The six features' icons; their words are the catalogue's about.features, in the same order.
const featureIcons: IconName[] = ['users', 'heart', 'shield', 'xray', 'wallet', 'clock'];

/** The doctor's photo: the site setting when there is one, else the bundled portrait; a failed load falls back once. */
function DoctorPhoto() {
  const t = useT();
  const setting = usePublicData<SiteSetting>(paths.doctorImage, { retry: false });
  const [failed, setFailed] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);
  const chosen = setting.status === 'success' ? setting.data?.value || doctorProfile.fallbackImage : doctorProfile.fallbackImage;
  const src = failed ? doctorProfile.fallbackImage : chosen;

  // An image that failed before the page hydrated fired its error event unheard: check it once here.
  useEffect(() => {
    const img = imgRef.current;
    if (img && img.complete && img.naturalWidth === 0 && src !== doctorProfile.fallbackImage) setFailed(true);
  }, [src]);

  return (
    <div className="doctor-photo">
      {setting.status === 'pending' ? (
        <div className="doctor-img skeleton" aria-hidden="true" />
      ) : (
        <img
          ref={imgRef}
          className="doctor-img"
          src={src}
          width={400}
          height={400}
          alt={fmt(t.about.photoAlt, { doctor: t.clinic.doctorName, role: t.clinic.doctorRole })}
          onError={() => {
            if (src !== doctorProfile.fallbackImage) setFailed(true);
          }}
        />
      )}
      <span className="doctor-badge">
        <strong>{fmt(t.about.badgeYears, { years: clinic.yearsExperience })}</strong>
        <span>{t.about.badgeText}</span>
      </span>
    </div>
  );
}

export function AboutPage() {
  const t = useT();
  const hours = useHoursValues();
  return (
    <>
      <PageHeader eyebrow={t.about.eyebrow} title={fmt(t.about.heading, { name: clinic.name })}>
        <p className="page-lead">
          {t.clinic.tagline1}. {t.clinic.tagline2}.
        </p>
      </PageHeader>

      <section className="section" aria-labelledby="doctor-title">
        <div className="container doctor">
          <DoctorPhoto />
          <div className="doctor-text">
            <p className="eyebrow">{t.about.meetEyebrow}</p>
            <h2 id="doctor-title">{t.clinic.doctorName}</h2>
            <p className="doctor-role">
              {clinic.doctorTitle} · {t.clinic.doctorRole}
            </p>
            {t.about.bio.map((p) => (
              <p key={p.slice(0, 20)}>{p}</p>
            ))}
            <div className="doctor-columns">
              <div>
                <h3>{t.about.education}</h3>
                <ul className="icon-list">
                  {t.about.educationItems.map((e) => (
                    <li key={e.degree}>
                      <Icon name="award" size={20} />
                      <span>
                        <strong>{e.degree}</strong>
                        <span className="muted">{e.detail}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h3>{t.about.specializations}</h3>
                <ul className="icon-list">
                  {t.about.specializationItems.map((s) => (
                    <li key={s}>
                      <Icon name="check" size={20} />
                      <span>{s}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <BookButton />
          </div>
        </div>
      </section>

      <section className="section section-tint" aria-labelledby="features-title">
        <div className="container">
          <SectionHeading eyebrow={t.about.featuresEyebrow} title={t.about.featuresTitle} id="features-title" />
          <ul className="feature-grid feature-grid-3">
            {t.about.features.map((f, i) => (
              <li key={f.title} className="feature">
                <span className="feature-icon">
                  <Icon name={featureIcons[i]} size={26} />
                </span>
                <h3>{f.title}</h3>
                <p>{fmt(f.text, hours)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

export const aboutPage: PageModule = {
  Page: AboutPage,
  head: (_route, pathname, read, origin, i18n) => {
    const { t } = i18n;
    const values = {
      doctor: t.clinic.doctorName,
      doctorTitle: clinic.doctorTitle,
      role: t.about.roleLower,
      years: clinic.yearsExperience,
      locality: t.clinic.locality,
      suffix: titleSuffix,
    };
    return pageHead(pathname, fmt(t.about.title, values), fmt(t.about.description, values), [clinicJsonLd(origin, i18n, null, embeddedDayHours(read))]);
  },
};
