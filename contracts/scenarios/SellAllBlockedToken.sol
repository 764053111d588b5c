// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: no holder can sell their whole balance; a sale must leave at least a tenth of a
/// percent behind, so 99 % sells and 100 % reverts, and every holder stays stuck with a remainder.
contract SellAllBlockedToken is OwnedPairToken {
    constructor(uint256 supply) OwnedPairToken("Diamond Hands", "DHND", supply) {}

    function _transfer(address from, address to, uint256 value) internal override {
        if (_isSell(from, to)) require(value <= (balanceOf[from] * 999) / 1000, "keep some");
        _move(from, to, value);
    }
}
