import type { Lang } from '../i18n/types';

// The words of a treatment estimate (its PDF, the personal-link page, the follow-up WhatsApp text) in the
// patient's language (PLAN-8, PLAN-9, PLAN-13). Figures, teeth and codes stay in Western digits, as on
// invoices.

export interface EstimateWords {
  title: string;
  draft: string;
  patient: string;
  dentist: string;
  date: string;
  plan: string;
  option: string;
  visit: string;
  minutes: string;
  item: string;
  teeth: string;
  price: string;
  discount: string;
  gst: string;
  amount: string;
  visitTotal: string;
  listTotal: string;
  discounts: string;
  subtotal: string;
  tax: string;
  total: string;
  emi: (months: number, monthly: string) => string;
  declined: string;
  accepted: (option: string) => string;
  signedBy: (name: string, when: string) => string;
  signedOnline: (name: string, when: string) => string;
  hashLabel: string;
  verifyLabel: string;
  verifyHow: string;
  note: string;
  acceptButton: string;
  typeName: string;
  agree: string;
  thanks: string;
  linkUsed: string;
  followUp: (firstName: string, title: string, link: string | null) => string;
  exempt: string;
}

const en: EstimateWords = {
  title: 'Treatment estimate',
  draft: 'Draft estimate, not signed',
  patient: 'Patient',
  dentist: 'Dentist',
  date: 'Date',
  plan: 'Plan',
  option: 'Option',
  visit: 'Visit',
  minutes: 'min',
  item: 'Treatment',
  teeth: 'Teeth',
  price: 'Price',
  discount: 'Discount',
  gst: 'GST',
  amount: 'Amount',
  visitTotal: 'This visit',
  listTotal: 'Price before discounts',
  discounts: 'Discounts',
  subtotal: 'Value after discounts',
  tax: 'GST',
  total: 'Total to pay',
  emi: (months, monthly) => `EMI: ${months} monthly payments of ${monthly}`,
  declined: 'Not chosen',
  accepted: (option) => `Option ${option} accepted`,
  signedBy: (name, when) => `Accepted and signed by ${name} on ${when}`,
  signedOnline: (name, when) => `Accepted online by ${name} through a personal link on ${when}`,
  hashLabel: 'Document SHA-256',
  verifyLabel: 'Verify at',
  verifyHow: 'The clinic answers there whether it issued a document with this code, and when.',
  note: 'An estimate: the work done is billed at these prices. Exempt: health care services carry no GST.',
  acceptButton: 'Accept this option',
  typeName: 'Type your full name to sign',
  agree: 'I accept this treatment plan and its estimate',
  thanks: 'Thank you. Your accepted estimate is saved with the clinic.',
  linkUsed: 'This link has expired or the plan has changed. Please ask the clinic for a new one.',
  followUp: (firstName, title, link) =>
    `Hello ${firstName}, this is Smile Care Dental Clinic. Your treatment plan "${title}" is ready whenever you are. Reply here or call us with any question${link ? `; you can also read and accept it here: ${link}` : ''}.`,
  exempt: 'Exempt',
};

const mr: EstimateWords = {
  title: 'उपचाराचा अंदाजपत्रक',
  draft: 'मसुदा अंदाजपत्रक, स्वाक्षरी नाही',
  patient: 'रुग्ण',
  dentist: 'दंतवैद्य',
  date: 'दिनांक',
  plan: 'उपचार योजना',
  option: 'पर्याय',
  visit: 'भेट',
  minutes: 'मिनिटे',
  item: 'उपचार',
  teeth: 'दात',
  price: 'किंमत',
  discount: 'सवलत',
  gst: 'जीएसटी',
  amount: 'रक्कम',
  visitTotal: 'या भेटीचे',
  listTotal: 'सवलतीपूर्वी किंमत',
  discounts: 'सवलत',
  subtotal: 'सवलतीनंतरची किंमत',
  tax: 'जीएसटी',
  total: 'एकूण देय रक्कम',
  emi: (months, monthly) => `ईएमआय: ${months} मासिक हप्ते, प्रत्येकी ${monthly}`,
  declined: 'निवडला नाही',
  accepted: (option) => `पर्याय ${option} स्वीकारला`,
  signedBy: (name, when) => `${name} यांनी ${when} रोजी स्वीकारले व स्वाक्षरी केली`,
  signedOnline: (name, when) => `${name} यांनी ${when} रोजी वैयक्तिक लिंकद्वारे ऑनलाइन स्वीकारले`,
  hashLabel: 'दस्तऐवज SHA-256',
  verifyLabel: 'येथे तपासा',
  verifyHow: 'या कोडचा दस्तऐवज दवाखान्याने दिला का आणि केव्हा, हे तेथे कळते.',
  note: 'हे अंदाजपत्रक आहे: केलेल्या कामाचे बिल याच किमतीत होईल. आरोग्य सेवांवर जीएसटी नाही.',
  acceptButton: 'हा पर्याय स्वीकारा',
  typeName: 'स्वाक्षरीसाठी आपले पूर्ण नाव लिहा',
  agree: 'मी ही उपचार योजना आणि अंदाजपत्रक स्वीकारतो/स्वीकारते',
  thanks: 'धन्यवाद. आपले स्वीकारलेले अंदाजपत्रक दवाखान्यात जतन केले आहे.',
  linkUsed: 'ही लिंक कालबाह्य झाली आहे किंवा योजना बदलली आहे. कृपया दवाखान्याकडून नवीन लिंक मागा.',
  followUp: (firstName, title, link) =>
    `नमस्कार ${firstName}, स्माइल केअर डेंटल क्लिनिकमधून बोलत आहोत. आपली उपचार योजना "${title}" तयार आहे. काही प्रश्न असल्यास येथे उत्तर द्या किंवा आम्हाला फोन करा${link ? `; आपण ती येथे वाचून स्वीकारू शकता: ${link}` : ''}.`,
  exempt: 'सूट',
};

const hi: EstimateWords = {
  title: 'उपचार का अनुमान पत्र',
  draft: 'मसौदा अनुमान, हस्ताक्षर नहीं',
  patient: 'रोगी',
  dentist: 'दंत चिकित्सक',
  date: 'दिनांक',
  plan: 'उपचार योजना',
  option: 'विकल्प',
  visit: 'विज़िट',
  minutes: 'मिनट',
  item: 'उपचार',
  teeth: 'दाँत',
  price: 'कीमत',
  discount: 'छूट',
  gst: 'जीएसटी',
  amount: 'राशि',
  visitTotal: 'इस विज़िट का',
  listTotal: 'छूट से पहले कीमत',
  discounts: 'छूट',
  subtotal: 'छूट के बाद मूल्य',
  tax: 'जीएसटी',
  total: 'कुल देय राशि',
  emi: (months, monthly) => `ईएमआई: ${months} मासिक किस्तें, हर एक ${monthly}`,
  declined: 'नहीं चुना गया',
  accepted: (option) => `विकल्प ${option} स्वीकार किया`,
  signedBy: (name, when) => `${name} ने ${when} को स्वीकार किया और हस्ताक्षर किए`,
  signedOnline: (name, when) => `${name} ने ${when} को व्यक्तिगत लिंक से ऑनलाइन स्वीकार किया`,
  hashLabel: 'दस्तावेज़ SHA-256',
  verifyLabel: 'यहाँ जाँचें',
  verifyHow: 'वहाँ क्लिनिक बताता है कि इस कोड का दस्तावेज़ उसने जारी किया या नहीं, और कब।',
  note: 'यह अनुमान है: किए गए काम का बिल इन्हीं कीमतों पर बनेगा। स्वास्थ्य सेवाओं पर जीएसटी नहीं है।',
  acceptButton: 'यह विकल्प स्वीकार करें',
  typeName: 'हस्ताक्षर के लिए अपना पूरा नाम लिखें',
  agree: 'मैं यह उपचार योजना और अनुमान स्वीकार करता/करती हूँ',
  thanks: 'धन्यवाद। आपका स्वीकार किया गया अनुमान क्लिनिक में सहेजा गया है।',
  linkUsed: 'यह लिंक समाप्त हो गया है या योजना बदल गई है। कृपया क्लिनिक से नया लिंक माँगें।',
  followUp: (firstName, title, link) =>
    `नमस्ते ${firstName}, स्माइल केयर डेंटल क्लिनिक से। आपकी उपचार योजना "${title}" तैयार है। कोई प्रश्न हो तो यहाँ उत्तर दें या हमें फ़ोन करें${link ? `; आप इसे यहाँ पढ़कर स्वीकार कर सकते हैं: ${link}` : ''}।`,
  exempt: 'छूट प्राप्त',
};

export const estimateWords: Record<Lang, EstimateWords> = { en, mr, hi };
