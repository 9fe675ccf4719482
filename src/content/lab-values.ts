/**
 * The lab values panel of a custom test: common adult reference ranges with their units.
 *
 * Reference ranges vary by laboratory, method and population: the values here are the ones the
 * cited reference gives for adults, for practice only. An exam item or a client's chart that
 * states its own range always wins. Each value names its source; all were recorded on the date
 * below. Arterial blood gases are left out on purpose: the published adult ranges differ between
 * references (e.g. pH 7.35–7.45 in nursing texts, 7.38–7.42 on MedlinePlus), and one range here
 * would contradict the other.
 */
export const LAB_VALUES_RECORDED = '2026-11-28';

export const labValuesNote =
  'Common adult reference ranges. Ranges vary by laboratory: when an item gives its own range, use that one.';

export interface LabValue {
  name: string;
  range: string;
  unit: string;
  source: string;
}

export interface LabGroup {
  title: string;
  values: LabValue[];
}

const medlineplus = (page: string) => `MedlinePlus, “${page}”`;

export const labGroups: LabGroup[] = [
  {
    title: 'Electrolytes and kidney function',
    values: [
      { name: 'Sodium', range: '135–145', unit: 'mEq/L', source: medlineplus('Sodium blood test') },
      { name: 'Potassium', range: '3.7–5.2', unit: 'mEq/L', source: medlineplus('Potassium blood test') },
      { name: 'Chloride', range: '96–106', unit: 'mEq/L', source: medlineplus('Chloride blood test') },
      {
        name: 'Calcium (total)',
        range: '8.5–10.2',
        unit: 'mg/dL',
        source: medlineplus('Calcium blood test'),
      },
      { name: 'Magnesium', range: '1.7–2.2', unit: 'mg/dL', source: medlineplus('Magnesium blood test') },
      {
        name: 'Blood urea nitrogen (BUN)',
        range: '6–20',
        unit: 'mg/dL',
        source: medlineplus('BUN - blood test'),
      },
      {
        name: 'Creatinine',
        range: 'Men 0.7–1.3; women 0.6–1.1',
        unit: 'mg/dL',
        source: medlineplus('Creatinine blood test'),
      },
    ],
  },
  {
    title: 'Glucose',
    values: [
      {
        name: 'Glucose (fasting)',
        range: '70–100',
        unit: 'mg/dL',
        source: medlineplus('Blood sugar test - blood'),
      },
      {
        name: 'Hemoglobin A1c',
        range: 'Below 5.7',
        unit: '%',
        source: medlineplus('Hemoglobin A1C (HbA1c) test'),
      },
    ],
  },
  {
    title: 'Blood count',
    values: [
      {
        name: 'Hemoglobin',
        range: 'Men 13.8–17.2; women 12.1–15.1',
        unit: 'g/dL',
        source: medlineplus('Hemoglobin'),
      },
      {
        name: 'Hematocrit',
        range: 'Men 40.7–50.3; women 36.1–44.3',
        unit: '%',
        source: medlineplus('Hematocrit'),
      },
      {
        name: 'White blood cells (WBC)',
        range: '4,500–11,000',
        unit: 'cells/mcL',
        source: medlineplus('WBC count'),
      },
      { name: 'Platelets', range: '150,000–400,000', unit: 'per mcL', source: medlineplus('Platelet count') },
    ],
  },
  {
    title: 'Coagulation',
    values: [
      {
        name: 'Prothrombin time (PT)',
        range: '11–13.5',
        unit: 'seconds',
        source: medlineplus('Prothrombin time (PT)'),
      },
      {
        name: 'INR (no anticoagulant)',
        range: '0.8–1.1',
        unit: 'ratio',
        source: medlineplus('Prothrombin time (PT)'),
      },
    ],
  },
];
