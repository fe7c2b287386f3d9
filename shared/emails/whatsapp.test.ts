import { describe, expect, it } from 'vitest';
import { clinic } from '../constants/clinic';
import { suggestedWhatsAppKind, whatsAppGreeting, whatsAppLink, whatsAppNumber, whatsAppRecallText, whatsAppText } from './whatsapp';

const appointment = { firstName: 'Aarti', treatment: 'cleaning', preferredDate: '2026-12-03', preferredTime: '17:00' };

describe('WhatsApp links (APPT-15)', () => {
  it('adds country code 91 to a ten-digit mobile, whatever the spacing', () => {
    expect(whatsAppNumber('98765 43210')).toBe('919876543210');
    expect(whatsAppNumber('+91 98765-43210')).toBe('919876543210');
    expect(whatsAppNumber('0091 9876543210')).toBe('919876543210');
    expect(whatsAppNumber('09876543210')).toBe('919876543210');
  });

  it('refuses a number that cannot be an Indian mobile', () => {
    expect(whatsAppNumber('12345')).toBeNull();
    expect(whatsAppNumber('+44 20 7946 0958 12')).toBeNull();
    expect(whatsAppLink('12345', 'hi')).toBeNull();
  });

  it('builds a wa.me link with the text encoded', () => {
    expect(whatsAppLink('9876543210', 'Hello & welcome?')).toBe('https://wa.me/919876543210?text=Hello%20%26%20welcome%3F');
  });

  it('writes the confirmation with the treatment, the Indian long date and 12-hour time, signed by the clinic', () => {
    const text = whatsAppText('confirmation', appointment);
    expect(text).toBe(
      `Hello Aarti, your appointment for Teeth Cleaning at ${clinic.name} is confirmed for 3 December 2026 at 5:00 PM. Please arrive 10 minutes early. Reply here if you need to change it.\n— ${clinic.name}, ${clinic.phone}`,
    );
    expect(whatsAppText('confirmation', appointment, 'en')).toBe(text);
  });

  it('writes a reminder and a follow-up in the same voice', () => {
    expect(whatsAppText('reminder', appointment)).toContain('reminder of your appointment for Teeth Cleaning on 3 December 2026 at 5:00 PM');
    expect(whatsAppText('follow-up', appointment)).toContain('thank you for visiting');
  });

  it('greets a patient without an appointment in view, and one without a name', () => {
    expect(whatsAppGreeting('Aarti')).toBe(`Hello Aarti, this is ${clinic.name}. `);
    expect(whatsAppGreeting('  ')).toBe(`Hello there, this is ${clinic.name}. `);
  });

  it("writes the recall with the last visit's date and the clinic's phone", () => {
    expect(whatsAppRecallText('Aarti', '2026-05-14')).toBe(
      `Hello Aarti, it is time for your dental check-up at ${clinic.name}: your last visit was on 14 May 2026. Reply here or call ${clinic.phone} to book a time that suits you.`,
    );
  });

  it('suggests the kind from the status', () => {
    expect(suggestedWhatsAppKind('pending')).toBe('confirmation');
    expect(suggestedWhatsAppKind('Confirmed')).toBe('reminder');
    expect(suggestedWhatsAppKind('completed')).toBe('follow-up');
  });
});

// I18N-3: a family that booked in Marathi or Hindi gets its WhatsApp texts in that language, with the
// emails' treatment names and the language's Indian date (mr-IN writes Devanagari digits, hi-IN Latin ones).
describe('WhatsApp texts in the booking language (I18N-3)', () => {
  const devanagari = /[\u0900-\u097F]/;
  const signature = `\n— ${clinic.name}, ${clinic.phone}`;

  it('Marathi: the confirmation, reminder and follow-up in Marathi, with the Marathi date', () => {
    const confirmation = whatsAppText('confirmation', appointment, 'mr');
    expect(confirmation).toBe(
      `नमस्कार Aarti, ${clinic.name} मध्ये दातांची स्वच्छता (स्केलिंग) साठी तुमची अपॉइंटमेंट ३ डिसेंबर, २०२६ रोजी 5:00 PM वाजता निश्चित झाली आहे. कृपया 10 मिनिटे आधी या. वेळ बदलायची असल्यास इथेच उत्तर द्या.${signature}`,
    );
    const reminder = whatsAppText('reminder', appointment, 'mr');
    expect(reminder).toContain('३ डिसेंबर, २०२६ रोजी 5:00 PM वाजता');
    expect(reminder).toContain('अपॉइंटमेंटची ही आठवण');
    expect(whatsAppText('follow-up', appointment, 'mr')).toContain('मध्ये आल्याबद्दल धन्यवाद. दातांची स्वच्छता (स्केलिंग) नंतर');
    for (const text of [confirmation, reminder]) expect(text).not.toMatch(/Hello|December|appointment/);
  });

  it('Hindi: the confirmation, reminder and follow-up in Hindi, with the Hindi date', () => {
    const confirmation = whatsAppText('confirmation', appointment, 'hi');
    expect(confirmation).toBe(
      `नमस्ते Aarti, ${clinic.name} में दाँतों की सफ़ाई (स्केलिंग) के लिए आपका अपॉइंटमेंट 3 दिसंबर 2026 को 5:00 PM बजे पक्का हो गया है। कृपया 10 मिनट पहले आएँ। समय बदलना हो तो यहीं जवाब दें।${signature}`,
    );
    expect(whatsAppText('reminder', appointment, 'hi')).toContain('3 दिसंबर 2026 को 5:00 PM बजे दाँतों की सफ़ाई (स्केलिंग) के लिए आपका अपॉइंटमेंट है');
    expect(whatsAppText('follow-up', appointment, 'hi')).toContain('आने के लिए धन्यवाद');
  });

  it('greets and recalls in Marathi and Hindi', () => {
    expect(whatsAppGreeting('Aarti', 'mr')).toBe(`नमस्कार Aarti, आम्ही ${clinic.name} मधून बोलत आहोत. `);
    expect(whatsAppGreeting('', 'hi')).toBe(`नमस्ते, हम ${clinic.name} से बोल रहे हैं। `);
    expect(whatsAppRecallText('Aarti', '2026-05-14', 'mr')).toContain('तुम्ही शेवटचे १४ मे, २०२६ रोजी आला होता');
    expect(whatsAppRecallText('Aarti', '2026-05-14', 'mr')).toContain(`${clinic.phone} वर कॉल करा`);
    expect(whatsAppRecallText('Aarti', '2026-05-14', 'hi')).toContain('आप पिछली बार 14 मई 2026 को हमारे पास आए थे');
  });

  it('every text of every kind is Devanagari in Marathi and Hindi, with no placeholder left', () => {
    for (const lang of ['mr', 'hi'] as const) {
      const texts = [
        ...(['confirmation', 'reminder', 'follow-up'] as const).map((kind) => whatsAppText(kind, appointment, lang)),
        whatsAppGreeting('Aarti', lang),
        whatsAppRecallText('Aarti', '2026-05-14', lang),
      ];
      for (const text of texts) {
        expect(text).toMatch(devanagari);
        expect(text).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it('a wa.me link carries the Devanagari text percent-encoded as UTF-8, and decodes back to it', () => {
    const text = whatsAppText('reminder', appointment, 'mr');
    const link = whatsAppLink('98765 43210', text) as string;
    // नमस्कार: न is U+0928, UTF-8 E0 A4 A8; the space and the line break are encoded too.
    expect(link.startsWith('https://wa.me/919876543210?text=%E0%A4%A8%E0%A4%AE%E0%A4%B8%E0%A5%8D%E0%A4%95%E0%A4%BE%E0%A4%B0%20Aarti%2C%20')).toBe(true);
    expect(link).toContain('%0A%E2%80%94%20'); // '\n— '
    expect(link).not.toMatch(/[\s\u0900-\u097F]/);
    expect(decodeURIComponent(new URL(link).search.slice('?text='.length))).toBe(text);
    expect(new URL(link).searchParams.get('text')).toBe(text);
  });
});
