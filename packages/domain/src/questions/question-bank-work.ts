import type { BankQuestion } from './question-library.schemas';

/**
 * The built-in bank's questions about the work itself: problem solving, customer service,
 * sales and engineering. Each Hebrew text is written as an Israeli recruiter would ask it (in
 * the plural, as the app's own default question does), not translated word for word.
 */
export const WORK_QUESTIONS: BankQuestion[] = [
  {
    id: 'problem-complex',
    category: 'problemSolving',
    txt: {
      en: 'Describe the most complex problem you have solved at work. How did you approach it?',
      he: 'תארו את הבעיה הכי מורכבת שפתרתם בעבודה. איך ניגשתם אליה?',
    },
    answerType: 'video',
    timeLimit: 4,
  },
  {
    id: 'problem-mistake',
    category: 'problemSolving',
    txt: {
      en: 'Tell us about a mistake you made. How did you find it and what did you change afterwards?',
      he: 'ספרו על טעות שעשיתם. איך גיליתם אותה ומה שיניתם בעקבותיה?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'problem-no-answer',
    category: 'problemSolving',
    txt: {
      en: 'What do you do when you are stuck and nobody around you knows the answer?',
      he: 'מה אתם עושים כשאתם תקועים ואף אחד סביבכם לא יודע את התשובה?',
    },
    answerType: 'video',
    timeLimit: 2,
  },
  {
    id: 'problem-deadline',
    category: 'problemSolving',
    txt: {
      en: 'Tell us about a time a deadline suddenly moved closer. What did you do?',
      he: 'ספרו על פעם שדדליין הוקדם פתאום. מה עשיתם?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'problem-estimate',
    category: 'problemSolving',
    txt: {
      en: 'How many coffees do you think are sold in a day in a city of one million people? Explain how you reach your estimate.',
      he: 'כמה כוסות קפה לדעתכם נמכרות ביום בעיר של מיליון תושבים? הסבירו איך הגעתם להערכה.',
    },
    answerType: 'text',
    timeLimit: 10,
  },
  {
    id: 'service-angry-customer',
    category: 'customerService',
    txt: {
      en: 'Tell us about a time you dealt with an angry customer. How did the conversation end?',
      he: 'ספרו על מקרה שבו טיפלתם בלקוח כועס. איך השיחה הסתיימה?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'service-say-no',
    category: 'customerService',
    txt: {
      en: 'A customer asks for something you cannot give them. How do you tell them?',
      he: 'לקוח מבקש משהו שאי אפשר לתת לו. איך אתם אומרים לו את זה?',
    },
    answerType: 'video',
    timeLimit: 2,
  },
  {
    id: 'service-great-service',
    category: 'customerService',
    txt: {
      en: 'What does great customer service mean to you? Give an example you gave or received.',
      he: 'מה זה בשבילכם שירות מעולה? תנו דוגמה לשירות כזה שנתתם או שקיבלתם.',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'service-busy-queue',
    category: 'customerService',
    txt: {
      en: 'The queue is long and everyone is in a hurry. How do you keep each customer feeling looked after?',
      he: 'התור ארוך וכולם ממהרים. איך אתם דואגים שכל לקוח ירגיש שמטפלים בו?',
    },
    answerType: 'video',
    timeLimit: 2,
  },
  {
    id: 'service-written-reply',
    category: 'customerService',
    txt: {
      en: 'A customer writes that their order arrived late and damaged. Write your reply to them.',
      he: 'לקוחה כותבת שההזמנה שלה הגיעה באיחור ופגומה. כתבו לה תשובה.',
    },
    answerType: 'text',
    timeLimit: 10,
  },
  {
    id: 'sales-pitch',
    category: 'sales',
    txt: {
      en: 'Sell us a product you use every day, in under two minutes.',
      he: 'מכרו לנו מוצר שאתם משתמשים בו כל יום, בפחות משתי דקות.',
    },
    answerType: 'video',
    timeLimit: 2,
  },
  {
    id: 'sales-biggest-deal',
    category: 'sales',
    txt: {
      en: 'Tell us about the deal you are proudest of closing. What made the difference?',
      he: 'ספרו על העסקה שאתם הכי גאים שסגרתם. מה עשה את ההבדל?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'sales-objection',
    category: 'sales',
    txt: {
      en: 'A prospect says "it is too expensive". How do you respond?',
      he: 'לקוח פוטנציאלי אומר לכם "זה יקר מדי". מה אתם עונים לו?',
    },
    answerType: 'video',
    timeLimit: 2,
  },
  {
    id: 'sales-lost-deal',
    category: 'sales',
    txt: {
      en: 'Tell us about a deal you lost. What did you learn from it?',
      he: 'ספרו על עסקה שהפסדתם. מה למדתם ממנה?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'sales-targets',
    category: 'sales',
    txt: {
      en: 'How do you plan your month to meet a sales target? What do you track along the way?',
      he: 'איך אתם מתכננים את החודש כדי לעמוד ביעד המכירות? אחרי מה אתם עוקבים בדרך?',
    },
    answerType: 'video',
    timeLimit: 3,
  },
  {
    id: 'engineering-project',
    category: 'engineering',
    txt: {
      en: 'Walk us through a system you built or worked on: its design, and one decision you would change today.',
      he: 'תארו מערכת שבניתם או עבדתם עליה: איך היא בנויה, ואיזו החלטה הייתם משנים היום.',
    },
    answerType: 'video',
    timeLimit: 5,
  },
  {
    id: 'engineering-debugging',
    category: 'engineering',
    txt: {
      en: 'Tell us about the hardest bug you have tracked down. How did you find the cause?',
      he: 'ספרו על הבאג הכי קשה שאיתרתם. איך הגעתם לשורש הבעיה?',
    },
    answerType: 'video',
    timeLimit: 4,
  },
  {
    id: 'engineering-duplicates',
    category: 'engineering',
    txt: {
      en: 'Write a function that returns the first value that appears twice in a list, or nothing if none does. State its time complexity.',
      he: 'כתבו פונקציה שמחזירה את הערך הראשון שמופיע פעמיים ברשימה, או כלום אם אין כזה. מה סיבוכיות הזמן שלה?',
    },
    answerType: 'code',
    timeLimit: 15,
  },
  {
    id: 'engineering-review',
    category: 'engineering',
    txt: {
      en: "What do you look for when you review a colleague's code?",
      he: 'על מה אתם מסתכלים כשאתם עושים קוד ריוויו למישהו מהצוות?',
    },
    answerType: 'text',
    timeLimit: 10,
  },
  {
    id: 'engineering-slow-page',
    category: 'engineering',
    txt: {
      en: 'Users report that a page has become slow. Describe step by step how you would investigate.',
      he: 'משתמשים מדווחים שעמוד מסוים נהיה איטי. תארו שלב אחר שלב איך הייתם בודקים את זה.',
    },
    answerType: 'text',
    timeLimit: 10,
  },
];
