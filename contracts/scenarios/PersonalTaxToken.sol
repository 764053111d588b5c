// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: no tax for anyone, but the owner can set a tax of up to 100 % on one address's
/// buys and sells (`setAccountFee`), singling out a holder whose sales it then takes.
contract PersonalTaxToken is OwnedPairToken {
    mapping(address account => uint256) public accountFeeBps;

    constructor(uint256 supply) OwnedPairToken("Fair Launch", "FAIRL", supply) {}

    function setAccountFee(address account, uint256 feeBps) external onlyOwner {
        require(feeBps <= 10000, "fee");
        accountFeeBps[account] = feeBps;
    }

    function _transfer(address from, address to, uint256 value) internal override {
        uint256 feeBps = _isSell(from, to) ? accountFeeBps[from] : _isBuy(from, to) ? accountFeeBps[to] : 0;
        uint256 fee = (value * feeBps) / 10000;
        if (fee > 0) _move(from, _owner, fee);
        _move(from, to, value - fee);
    }
}
