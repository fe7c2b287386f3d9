import { useEffect, useRef, useState } from 'react';
import { clinic } from '../../../../shared/constants/clinic';
import { BookButton } from '../components/book-button';
import type { SiteSetting } from '../../../../shared/schemas/site-setting';
import { paths, usePublicData } from '../app/data';
import { pageHead, titleSuffix } from '../app/head';
import type { PageModule } from '../app/page-module';
import { clinicJsonLd } from '../app/structured-data';
import { doctorProfile } from '../app/site-config';
import { Icon, type IconName } from '../components/icons';
import { PageHeader, SectionHeading } from '../components/ui';

const features: { icon: IconName; title: string; text: string }[] = [
  { icon: 'users', title: 'Family-friendly', text: 'Children, parents and grandparents are all looked after in one place, by a team that knows your family.' },
  { icon: 'heart', title: 'Gentle, painless care', text: 'Modern anaesthesia and a calm pace, with breaks whenever you need them.' },
  { icon: 'shield', title: 'Strict sterilisation', text: 'Autoclaved instruments and single-use disposables for every patient.' },
  { icon: 'xray', title: 'Modern equipment', text: 'Digital X-rays with a fraction of the radiation, shown to you on screen.' },
  { icon: 'wallet', title: 'Transparent pricing', text: 'Written estimates in rupees before we start, and flexible EMI for larger treatments.' },
  { icon: 'clock', title: 'Convenient hours', text: 'Mornings and evenings, Monday to Saturday, and emergency help by phone.' },
];

/** The doctor's photo: the site setting when there is one, else the bundled portrait; a failed load falls back once. */
function DoctorPhoto() {
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
          alt={`${clinic.doctorName}, ${clinic.doctorRole}`}
          onError={() => {
            if (src !== doctorProfile.fallbackImage) setFailed(true);
          }}
        />
      )}
      <span className="doctor-badge">
        <strong>{clinic.yearsExperience} Years</strong>
        <span>of experience</span>
      </span>
    </div>
  );
}

export function AboutPage() {
  return (
    <>
      <PageHeader eyebrow="About us" title={`About ${clinic.name}`}>
        <p className="page-lead">
          {clinic.tagline1}. {clinic.tagline2}.
        </p>
      </PageHeader>

      <section className="section" aria-labelledby="doctor-title">
        <div className="container doctor">
          <DoctorPhoto />
          <div className="doctor-text">
            <p className="eyebrow">Meet your dentist</p>
            <h2 id="doctor-title">{clinic.doctorName}</h2>
            <p className="doctor-role">
              {clinic.doctorTitle} · {clinic.doctorRole}
            </p>
            {doctorProfile.bio.map((p) => (
              <p key={p.slice(0, 20)}>{p}</p>
            ))}
            <div className="doctor-columns">
              <div>
                <h3>Education</h3>
                <ul className="icon-list">
                  {doctorProfile.education.map((e) => (
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
                <h3>Specializations</h3>
                <ul className="icon-list">
                  {doctorProfile.specializations.map((s) => (
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
          <SectionHeading eyebrow="Why families choose us" title="Six reasons to visit us" id="features-title" />
          <ul className="feature-grid feature-grid-3">
            {features.map((f) => (
              <li key={f.title} className="feature">
                <span className="feature-icon">
                  <Icon name={f.icon} size={26} />
                </span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
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
  head: (_route, pathname, _read, origin) =>
    pageHead(
      pathname,
      `About ${clinic.doctorName}${titleSuffix}`,
      `Meet ${clinic.doctorName} (${clinic.doctorTitle}), ${clinic.doctorRole.toLowerCase()} with ${clinic.yearsExperience} years of experience caring for families in ${clinic.address.locality}, Pune.`,
      [clinicJsonLd(origin)],
    ),
};
