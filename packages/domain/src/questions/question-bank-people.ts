import type { BankQuestion } from './question-library.schemas';

/**
 * The built-in bank's questions about the person: introduction, motivation, teamwork and
 * leadership. Each Hebrew text is written as an Israeli recruiter would ask it (in the
 * plural, as the app's own default question does), not translated word for word.
 */
export const PEOPLE_QUESTIONS: BankQuestion[] = [
  {
    id: 'intro-about-you',
    category: 'introduction',
    txt: {
      en: 'Tell us a little about yourself and what brought you to this point in your career.',
      he: 'ספרו לנו קצת על עצמכם ואיך הגעתם לנקודה הזאת בקריירה.',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'intro-recent-role',
    category: 'introduction',
    txt: {
      en: 'Walk us through your most recent role: what did a typical week look like?',
      he: 'תארו לנו את התפקיד האחרון שלכם: איך נראה אצלכם שבוע עבודה רגיל?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'intro-proud-of',
    category: 'introduction',
    txt: {
      en: 'What is an achievement from the last few years that you are especially proud of?',
      he: 'על איזה הישג מהשנים האחרונות אתם הכי גאים?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'intro-three-words',
    category: 'introduction',
    txt: {
      en: 'How would people who have worked with you describe you in three words, and why?',
      he: 'איך אנשים שעבדו איתכם היו מתארים אתכם בשלוש מילים, ולמה?',
    },
    answerType: 'video',
    timeLimit: 2,
  },
  {
    id: 'intro-outside-work',
    category: 'introduction',
    txt: {
      en: 'What do you enjoy doing outside work, and has it taught you anything you use at work?',
      he: 'מה אתם אוהבים לעשות מחוץ לעבודה, והאם זה לימד אתכם משהו שעוזר לכם גם בעבודה?',
    },
    answerType: 'video',
    timeLimit: 2,
  },
  {
    id: 'motivation-why-role',
    category: 'motivation',
    txt: {
      en: 'Why are you interested in this role, and why now?',
      he: 'מה מושך אתכם בתפקיד הזה, ולמה דווקא עכשיו?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'motivation-why-us',
    category: 'motivation',
    txt: {
      en: 'What do you know about our company, and what made you want to join us?',
      he: 'מה אתם יודעים על החברה שלנו, ולמה בא לכם להצטרף אלינו?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'motivation-five-years',
    category: 'motivation',
    txt: {
      en: 'Where would you like to be professionally in three to five years?',
      he: 'איפה הייתם רוצים להיות מבחינה מקצועית בעוד שלוש עד חמש שנים?',
    },
    answerType: 'video',
    timeLimit: 2,
  },
  {
    id: 'motivation-best-day',
    category: 'motivation',
    txt: {
      en: 'Describe a workday that left you feeling really satisfied. What made it so good?',
      he: 'תארו יום עבודה שבסופו הרגשתם סיפוק אמיתי. מה הפך אותו לכזה טוב?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'motivation-leaving',
    category: 'motivation',
    txt: {
      en: 'What are you looking for in your next job that you do not have today?',
      he: 'מה אתם מחפשים בעבודה הבאה שאין לכם היום?',
    },
    answerType: 'text',
    timeLimit: 5,
  },
  {
    id: 'teamwork-disagreement',
    category: 'teamwork',
    txt: {
      en: 'Tell us about a time you disagreed with a colleague. How did you handle it?',
      he: 'ספרו על מקרה שבו לא הסכמתם עם מישהו מהצוות. איך התמודדתם עם זה?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'teamwork-helped-team',
    category: 'teamwork',
    txt: {
      en: 'Describe a time you went out of your way to help a teammate succeed.',
      he: 'ספרו על פעם שעשיתם מעבר למצופה כדי לעזור למישהו בצוות להצליח.',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'teamwork-role-in-team',
    category: 'teamwork',
    txt: {
      en: 'What role do you usually take in a team, and how do you know it works?',
      he: 'איזה תפקיד אתם בדרך כלל לוקחים בצוות, ואיך אתם יודעים שזה עובד?',
    },
    answerType: 'video',
    timeLimit: 2,
  },
  {
    id: 'teamwork-remote',
    category: 'teamwork',
    txt: {
      en: 'How do you keep in touch and stay in sync with teammates you rarely see in person?',
      he: 'איך אתם שומרים על קשר ותיאום עם אנשי צוות שאתם כמעט לא פוגשים פנים אל פנים?',
    },
    answerType: 'video',
    timeLimit: 2,
  },
  {
    id: 'teamwork-feedback',
    category: 'teamwork',
    txt: {
      en: 'Tell us about feedback you received that was hard to hear. What did you do with it?',
      he: 'ספרו על פידבק שקיבלתם ושהיה לכם קשה לשמוע. מה עשיתם איתו?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'leadership-led-change',
    category: 'leadership',
    txt: {
      en: 'Tell us about a change you led. How did you get people on board?',
      he: 'ספרו על שינוי שהובלתם. איך גרמתם לאנשים להצטרף אליו?',
    },
    answerType: 'video',
    timeLimit: 4,
  },
  {
    id: 'leadership-underperformer',
    category: 'leadership',
    txt: {
      en: 'How have you handled a team member who was not meeting expectations?',
      he: 'איך התמודדתם עם עובד בצוות שלא עמד בציפיות?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'leadership-hard-decision',
    category: 'leadership',
    txt: {
      en: 'Describe a difficult decision you made without having all the information.',
      he: 'תארו החלטה קשה שקיבלתם בלי שהיה לכם את כל המידע.',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'leadership-develop-people',
    category: 'leadership',
    txt: {
      en: 'How do you help the people on your team grow? Give a concrete example.',
      he: 'איך אתם עוזרים לאנשים בצוות שלכם להתפתח? תנו דוגמה מוחשית.',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'leadership-priorities',
    category: 'leadership',
    txt: {
      en: 'Your team has more work than time. How do you decide what gets done first?',
      he: 'לצוות שלכם יש יותר עבודה מזמן. איך אתם מחליטים מה עושים קודם?',
    },
    answerType: 'text',
    timeLimit: 5,
  },
];
