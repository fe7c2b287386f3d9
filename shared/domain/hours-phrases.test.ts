import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { mr } from '../i18n/mr';
import { hi } from '../i18n/hi';
import { fmt } from '../i18n/types';
import { defaultDayHours, openDaysPhrases, specHours, type DayHours } from './opening-hours';
import { weekHoursPhrase } from './hours-phrases';

// SITE-31: every sentence of the public site that states days or hours is filled from the clinic's settings.
// With CLINIC-4's hours (SPEC's "Mon-Sat 10:00 AM-2:00 PM and 5:00 PM-9:00 PM; Sunday closed") each reads
// word for word as the site always said it (the expected strings below are the catalogues' texts before
// this rule); with Sunday open they stop saying "Monday to Saturday" and "6 days".

const values = (t: typeof en, week: readonly DayHours[]) => {
  return { ...openDaysPhrases(week, t.clinic), hours: weekHoursPhrase(week, t.clinic), phone: '{phone}', address: '{address}' };
};
const sentences = (t: typeof en, week: readonly DayHours[]) => {
  const v = values(t, week);
  return [fmt(t.home.statDays, v), fmt(t.home.reasons[3].text, v), fmt(t.about.features[5].text, v), fmt(t.contact.description, v)];
};

describe('with the default hours, the words the site always had', () => {
  it('in English', () => {
    expect(sentences(en, defaultDayHours)).toEqual([
      '6 days',
      'Open Monday to Saturday until 9 PM, so visits fit around school and work.',
      'Mornings and evenings, Monday to Saturday, and emergency help by phone.',
      'Call {phone}, chat on WhatsApp or book online. {address}. Open Monday to Saturday, 10 AM to 2 PM and 5 PM to 9 PM.',
    ]);
  });
  it('in Marathi', () => {
    expect(sentences(mr as typeof en, defaultDayHours)).toEqual([
      'आठवड्यातून 6 दिवस',
      'सोमवार ते शनिवार रात्री 9 पर्यंत सुरू, त्यामुळे शाळा आणि ऑफिस सांभाळून येता येते.',
      'सोमवार ते शनिवार सकाळी आणि संध्याकाळी, आणि तातडीच्या वेळी फोनवर मदत.',
      '{phone} वर कॉल करा, WhatsApp वर चॅट करा किंवा ऑनलाइन बुक करा. {address}. सोमवार ते शनिवार, सकाळी 10 ते दुपारी 2 आणि सायंकाळी 5 ते रात्री 9 सुरू.',
    ]);
  });
  it('in Hindi', () => {
    expect(sentences(hi as typeof en, defaultDayHours)).toEqual([
      'हफ़्ते में 6 दिन',
      'सोमवार से शनिवार रात 9 बजे तक खुला, ताकि स्कूल और काम के साथ आना आसान हो।',
      'सोमवार से शनिवार सुबह और शाम, और इमरजेंसी में फ़ोन पर मदद।',
      '{phone} पर कॉल करें, WhatsApp पर चैट करें या ऑनलाइन बुक करें। {address}। सोमवार से शनिवार, सुबह 10 से दोपहर 2 और शाम 5 से रात 9 बजे तक खुला।',
    ]);
  });
});

describe('with other hours, what the settings say', () => {
  const sundayMorning: DayHours = [{ open: '10:00', close: '13:30' }];
  it('Sunday open in the morning: seven days, every day, and Sunday its own hours', () => {
    const week = [sundayMorning, ...defaultDayHours.slice(1)];
    expect(sentences(en, week)).toEqual([
      '7 days',
      'Open every day until 9 PM, so visits fit around school and work.',
      'Mornings and evenings, every day, and emergency help by phone.',
      'Call {phone}, chat on WhatsApp or book online. {address}. Open Monday to Saturday, 10 AM to 2 PM and 5 PM to 9 PM; Sunday, 10 AM to 1:30 PM.',
    ]);
    expect(fmt(mr.home.statDays, values(mr as typeof en, week))).toBe('आठवड्यातून 7 दिवस');
    expect(fmt(hi.about.features[5].text, values(hi as typeof en, week))).toBe('हर दिन सुबह और शाम, और इमरजेंसी में फ़ोन पर मदद।');
  });

  it('Wednesday closed and Saturday shorter: the open days in runs, the latest closing', () => {
    const week: DayHours[] = [[], specHours, specHours, [], specHours, specHours, [{ open: '09:00', close: '13:00' }]];
    const v = values(en, week);
    expect(v.count).toBe(5);
    expect(v.days).toBe('Monday to Tuesday, Thursday to Friday and Saturday');
    expect(v.close).toBe('9 PM');
    expect(v.hours).toBe('Monday to Tuesday, 10 AM to 2 PM and 5 PM to 9 PM; Thursday to Friday, 10 AM to 2 PM and 5 PM to 9 PM; Saturday, 9 AM to 1 PM');
  });
});
