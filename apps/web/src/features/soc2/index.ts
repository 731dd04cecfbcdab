/** SOC 2: the compliance dashboard shown in the settings' `soc2-compliance` category. */
export { Soc2Dashboard } from './Soc2Dashboard';
